/**
 * Upload progress for the typed client (decision 0183). `fetch` cannot report how much of a request body
 * has been sent, so a call that wants progress passes this as openapi-fetch's per-request `fetch`: the
 * client still builds the request from the typed `paths` (the same request the pacts check), and
 * this sends it with XMLHttpRequest, reporting bytes sent out of the total. Aborting the request's
 * signal aborts the upload. Outside a browser (no XMLHttpRequest) it is plain fetch.
 */
export interface UploadProgress {
  sent: number;
  total: number;
}

export function fetchWithUploadProgress(onProgress: (progress: UploadProgress) => void) {
  return async (request: Request): Promise<Response> => {
    if (typeof XMLHttpRequest === 'undefined') return globalThis.fetch(request);
    const body = await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = request.credentials === 'include';
      xhr.responseType = 'blob';
      request.headers.forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      const abort = () => xhr.abort();
      if (request.signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      request.signal.addEventListener('abort', abort, { once: true });
      onProgress({ sent: 0, total: body.size });
      xhr.upload.onprogress = (event) => {
        onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : body.size });
      };
      xhr.onload = () => {
        request.signal.removeEventListener('abort', abort);
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const status = xhr.status;
        const noBody = status === 204 || status === 304;
        resolve(
          new Response(noBody ? null : (xhr.response as Blob), {
            status,
            statusText: xhr.statusText,
            headers,
          }),
        );
      };
      xhr.onerror = () => {
        request.signal.removeEventListener('abort', abort);
        reject(new TypeError('The upload failed: the connection was lost'));
      };
      xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
      xhr.send(body);
    });
  };
}
