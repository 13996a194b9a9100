import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

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
  children: React.ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm(): void;
  /** 'danger' for destructive actions (the default), 'primary' for a decision such as accepting a bid. */
  tone?: 'danger' | 'primary';
}) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!pending}
    >
      <Modal className="modal modal-small">
        <Dialog className="dialog" role="alertdialog">
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          <div className="dialog-text">{children}</div>
          <div className="dialog-actions">
            <Button className="btn btn-outline" onPress={() => onOpenChange(false)} isDisabled={pending}>
              Cancel
            </Button>
            <Button className={`btn btn-${tone}`} onPress={onConfirm} isDisabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
