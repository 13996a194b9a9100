/**
 * A post's upload as it goes (decision 0183): bytes sent out of the total and Cancel. Cancelling aborts the
 * request; the server then keeps nothing (no project, no files). useProjectSend sends a project with it.
 */
import type { RemoteProps, UploadProgress } from '@buildbid/api-client';
import { useReportFailure } from '@buildbid/ui';
import { useCallback, useRef, useState } from 'react';
import { Button, Label, ProgressBar } from 'react-aria-components';

function mb(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(0, Math.round(bytes / 1024))} KB`;
}

export function UploadProgressBar({ progress, onCancel }: { progress: UploadProgress; onCancel(): void }) {
  const done = progress.total > 0 && progress.sent >= progress.total;
  return (
    <div className="upload-progress">
      <ProgressBar
        className="progress"
        value={progress.sent}
        maxValue={Math.max(progress.total, 1)}
        valueLabel={done ? 'Uploaded, saving...' : `${mb(progress.sent)} of ${mb(progress.total)}`}
      >
        {({ percentage, valueText }) => (
          <>
            <div className="progress-head">
              <Label className="field-label">Uploading</Label>
              <span className="muted small">{valueText}</span>
            </div>
            <div className="progress-track">
              <div className="progress-fill" style={{ width: `${percentage ?? 0}%` }} />
            </div>
          </>
        )}
      </ProgressBar>
      <Button className="btn btn-outline btn-small" onPress={onCancel} isDisabled={done}>
        Cancel upload
      </Button>
    </div>
  );
}

/** Progress state and an AbortController per upload; `cancel` aborts the one under way. */
export function useUpload() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const start = useCallback(() => {
    controller.current?.abort();
    controller.current = new AbortController();
    setProgress(null);
    return { signal: controller.current.signal, onProgress: setProgress };
  }, []);
  const finish = useCallback(() => {
    controller.current = null;
    setProgress(null);
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { progress, start, finish, cancel };
}

/** Whether a failure is the user's own Cancel. */
function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Sending the project with its files: `pending` from the start until a failure (a success leaves the
 * page), the upload's progress while files go, and the failure's toast: 'Upload cancelled' saying
 * `cancelledText` after the user's Cancel, else the spec's failure report (`report`'s options).
 */
export function useProjectSend(
  shell: Pick<RemoteProps, 'toast' | 'navigate'>,
  cancelledText: string,
  report: Parameters<ReturnType<typeof useReportFailure>>[1] = {},
) {
  const [pending, setPending] = useState(false);
  const upload = useUpload();
  const reportFailure = useReportFailure(shell);

  /** Runs `call` with the upload's progress (when there are files); answers its result, or null on failure. */
  async function send<T>(
    files: readonly File[],
    call: (progress: Partial<ReturnType<ReturnType<typeof useUpload>['start']>>) => Promise<T>,
    onFailure?: (error: unknown) => void,
  ): Promise<{ value: T } | null> {
    setPending(true);
    try {
      const value = await call(files.length > 0 ? upload.start() : {});
      upload.finish();
      return { value };
    } catch (error) {
      setPending(false);
      upload.finish();
      if (isCancelled(error)) {
        shell.toast({ title: 'Upload cancelled', description: cancelledText });
        return null;
      }
      onFailure?.(error);
      reportFailure(error, report);
      return null;
    }
  }

  return { pending, upload, send };
}
