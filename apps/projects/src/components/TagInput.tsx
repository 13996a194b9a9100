import { useState } from 'react';
import { Button, Input, Label, TextField } from 'react-aria-components';
import { addTag, MAX_TAGS } from '../rules.ts';

/** Tags: trimmed, non-empty, no duplicates, at most 5; added with Enter or the Add button. */
export function TagInput({ tags, onChange }: { tags: string[]; onChange(tags: string[]): void }) {
  const [draft, setDraft] = useState('');
  const full = tags.length >= MAX_TAGS;
  const add = () => {
    const next = addTag(tags, draft);
    if (next.length !== tags.length) onChange(next);
    setDraft('');
  };
  return (
    <div className="tag-input">
      <div className="tag-input-row">
        <TextField className="field" value={draft} onChange={setDraft} isDisabled={full} name="tag">
          <Label className="field-label">Add a tag</Label>
          <Input
            className="input"
            placeholder={full ? `Maximum ${MAX_TAGS} tags` : 'e.g. hurricane-rated'}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
          />
        </TextField>
        <Button className="btn btn-outline" onPress={add} isDisabled={full || draft.trim() === ''}>
          Add
        </Button>
      </div>
      <p className="muted small">
        {tags.length}/{MAX_TAGS} tags
      </p>
      {tags.length > 0 && (
        <ul className="badge-row" aria-label="Tags">
          {tags.map((t) => (
            <li key={t} className="tag tag-removable">
              #{t}
              <Button
                className="tag-remove"
                aria-label={`Remove tag ${t}`}
                onPress={() => onChange(tags.filter((x) => x !== t))}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
