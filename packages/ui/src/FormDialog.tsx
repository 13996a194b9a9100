import type { ReactNode } from 'react';
import { Button, Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';

/**
 * A modal dialog with a title: the overlay (dismissable unless `locked`), focus trapped inside and
 * returned on close. `size: 'small'` for a short dialog; `role: 'alertdialog'` for a destructive one.
 */
export function DialogFrame({
  isOpen,
  onOpenChange,
  title,
  locked = false,
  size,
  className,
  role,
  children,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  locked?: boolean;
  size?: 'small';
  /** Added to the dialog's class 'dialog'. */
  className?: string;
  role?: 'dialog' | 'alertdialog';
  children: ReactNode;
}) {
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!locked}
    >
      <Modal className={size === 'small' ? 'modal modal-small' : 'modal'}>
        <Dialog className={className ? `dialog ${className}` : 'dialog'} {...(role ? { role } : {})}>
          <Heading slot="title" className="dialog-title">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * A form that calls `onSubmit` instead of loading a page. Validation is 'aria' by default: the
 * fields show the app's own errors, and the browser's bubbles stay away.
 */
export function SubmitForm({
  onSubmit,
  className = 'form',
  validationBehavior = 'aria',
  children,
}: {
  onSubmit(): void | Promise<void>;
  className?: string;
  validationBehavior?: 'aria' | 'native';
  children: ReactNode;
}) {
  return (
    <Form
      className={className}
      validationBehavior={validationBehavior}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </Form>
  );
}

/** What a submit button needs: its label, the label while it works ('Saving...'), and whether it works. */
export interface SubmitProps {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Disables Submit besides while pending (e.g. an empty name). */
  isSubmitDisabled?: boolean;
  /** 'danger' for a destructive submit; 'primary' by default. */
  tone?: 'primary' | 'danger';
}

/**
 * Cancel and Submit at the end of a form; Cancel is disabled while pending unless `cancelWhilePending`.
 * `className`: 'dialog-actions' (a dialog's, the default) or 'actions' (a page's).
 */
export function FormActions({
  onCancel,
  className = 'dialog-actions',
  submitLabel,
  pendingLabel,
  pending,
  isSubmitDisabled = false,
  tone = 'primary',
  cancelWhilePending = false,
}: SubmitProps & { onCancel(): void; cancelWhilePending?: boolean; className?: string }) {
  return (
    <div className={className}>
      <Button
        className="btn btn-outline"
        onPress={onCancel}
        {...(cancelWhilePending ? {} : { isDisabled: pending })}
      >
        Cancel
      </Button>
      <Button type="submit" className={`btn btn-${tone}`} isDisabled={pending || isSubmitDisabled}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

/**
 * A dialog holding one form: title, an optional `intro` above the form, the fields (`children`), then
 * Cancel (closes) and Submit ('…ing' while `pending`). While pending the dialog cannot be dismissed and
 * Cancel is disabled, unless `cancelWhilePending` (then both stay available).
 */
export function FormDialog({
  isOpen,
  onOpenChange,
  title,
  onSubmit,
  intro,
  size,
  className,
  role,
  formClassName,
  validationBehavior,
  cancelWhilePending = false,
  children,
  ...submit
}: SubmitProps & {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  onSubmit(): void | Promise<void>;
  intro?: ReactNode;
  size?: 'small';
  className?: string;
  role?: 'dialog' | 'alertdialog';
  formClassName?: string;
  validationBehavior?: 'aria' | 'native';
  cancelWhilePending?: boolean;
  children: ReactNode;
}) {
  return (
    <DialogFrame
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      locked={submit.pending && !cancelWhilePending}
      {...(size ? { size } : {})}
      {...(className ? { className } : {})}
      {...(role ? { role } : {})}
    >
      {intro}
      <SubmitForm
        onSubmit={onSubmit}
        {...(formClassName ? { className: formClassName } : {})}
        {...(validationBehavior ? { validationBehavior } : {})}
      >
        {children}
        <FormActions
          {...submit}
          onCancel={() => onOpenChange(false)}
          cancelWhilePending={cancelWhilePending}
        />
      </SubmitForm>
    </DialogFrame>
  );
}
