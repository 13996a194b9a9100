// @vitest-environment jsdom
import { makeProject } from '@buildbid/test-kit/fixtures';
import { makeUser, mockFetch } from '@buildbid/test-kit/helpers';
import { messageOwner, ownerChat } from '@buildbid/ui';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowsePage } from './pages/BrowsePage.tsx';
import { shellMocks } from './testing.ts';

describe('messaging the project owner', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the shell message dialog with the owner and the project', () => {
    const project = makeProject({ id: 'p9', title: 'Deck', clientId: 'owner-9' });
    expect(ownerChat(project)).toEqual({
      otherUserId: 'owner-9',
      otherUserName: 'Clara Knowles',
      projectId: 'p9',
      projectTitle: 'Deck',
    });
    const openMessages = vi.fn();
    const toast = vi.fn();
    messageOwner(project, { openMessages, toast });
    expect(openMessages).toHaveBeenCalledWith(ownerChat(project));
    messageOwner(project, { toast });
    expect(toast).toHaveBeenCalledWith({
      title: 'Coming Soon',
      description: 'Messaging the project owner is coming soon.',
    });
  });

  it("the card's message button opens the dialog instead of 'Coming Soon'", async () => {
    mockFetch().mockResolvedValue(
      new Response(JSON.stringify([makeProject({ id: 'p2', title: 'Deck', clientId: 'owner-2' })]), {
        status: 200,
        headers: { 'content-type': 'application/json', 'x-total-count': '1' },
      }),
    );
    const user = makeUser({ role: 'contractor' });
    const props = { path: '/projects', search: '', country: 'BS', ...shellMocks(), openMessages: vi.fn() };
    render(<BrowsePage {...props} user={user} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Message the owner of Deck' }));
    expect(props.openMessages).toHaveBeenCalledWith(
      expect.objectContaining({ otherUserId: 'owner-2', projectId: 'p2' }),
    );
    expect(props.toast).not.toHaveBeenCalled();
  });
});
