/**
 * A post's upload as it goes (decision 0183): bytes sent out of the total and Cancel. Cancelling aborts the
 * request; the server then keeps nothing (no project, no files).
 */
import type { UploadProgress } from '@buildbid/api-client';
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
export function isCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
