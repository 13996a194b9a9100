import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { DialogFrame } from './FormDialog.tsx';

/** An alert dialog asking to confirm a destructive action; focus is trapped and returned. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  tone = 'danger',
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm(): void;
  /** 'danger' for destructive actions (the default), 'primary' for a decision such as accepting a bid. */
  tone?: 'danger' | 'primary';
}) {
  return (
    <DialogFrame
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      locked={pending}
      size="small"
      role="alertdialog"
    >
      <div className="dialog-text">{children}</div>
      <div className="dialog-actions">
        <Button className="btn btn-outline" onPress={() => onOpenChange(false)} isDisabled={pending}>
          Cancel
        </Button>
        <Button className={`btn btn-${tone}`} onPress={onConfirm} isDisabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}
