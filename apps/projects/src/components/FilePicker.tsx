import type { RemoteProps } from '@buildbid/api-client';
import { Button, FileTrigger } from 'react-aria-components';
import {
  ACCEPTED_FILE_TYPES,
  addFiles,
  fileKind,
  MAX_PROJECT_FILES,
  refuseDisguisedFiles,
} from '../rules.ts';

function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function FileIcon({ kind }: { kind: 'image' | 'pdf' | 'document' }) {
  return (
    <span className={`file-icon file-icon-${kind}`} aria-hidden="true">
      {kind === 'image' ? '🖼' : kind === 'pdf' ? 'PDF' : 'DOC'}
    </span>
  );
}

/**
 * Picks project files: images, PDF, doc, docx; at most 5 (on edit, counting the kept ones), each at
 * most 80MB. Refusals show the spec's toasts ('Too many files', 'File too large').
 */
export function FilePicker({
  files,
  onChange,
  existingCount = 0,
  editing = false,
  toast,
}: {
  files: File[];
  onChange(files: File[]): void;
  existingCount?: number;
  editing?: boolean;
  toast: RemoteProps['toast'];
}) {
  const full = existingCount + files.length >= MAX_PROJECT_FILES;
  return (
    <div className="file-picker">
      <div className="file-drop">
        <p className="muted small">Images, PDF, DOC or DOCX. Up to {MAX_PROJECT_FILES} files, 80MB each.</p>
        <FileTrigger
          allowsMultiple
          acceptedFileTypes={ACCEPTED_FILE_TYPES}
          onSelect={(list) => {
            if (!list) return;
            const result = addFiles(files, Array.from(list), { existingCount, editing });
            for (const n of result.notices) toast({ ...n, variant: 'destructive' });
            const added = result.files.slice(files.length);
            if (added.length === 0) return;
            // Each file's first bytes, as the server checks them: a disguised file is refused now, alone.
            void refuseDisguisedFiles(added).then((checked) => {
              for (const n of checked.notices) toast({ ...n, variant: 'destructive' });
              if (checked.files.length > 0) onChange([...files, ...checked.files]);
            });
          }}
        >
          <Button className="btn btn-outline" isDisabled={full}>
            Choose Files
          </Button>
        </FileTrigger>
      </div>
      {files.length > 0 && (
        <ul className="file-list" aria-label="Files to upload">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <FileIcon kind={fileKind(f.type || f.name)} />
              <span className="file-name">{f.name}</span>
              <span className="muted small">{sizeText(f.size)}</span>
              <Button
                className="btn btn-ghost btn-small"
                aria-label={`Remove ${f.name}`}
                onPress={() => onChange(files.filter((_, j) => j !== i))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
