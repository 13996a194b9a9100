import { createBrowserApi } from '@buildbid/api-client';

export const api = createBrowserApi();
