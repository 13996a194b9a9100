/**
 * The message dialog (accounts-and-shell sections 2, 4, 5 and 8): the conversation with one other
 * user, with or without a project; 500 px wide and 600 px high. Messages are fetched only while it is
 * open, and again when the socket brings a message from the other party. The send button is disabled
 * while the trimmed text is empty or a send is in progress; a failed send shows a destructive 'Error'.
 * A conversation with a deleted account is closed (decision 0193): no composer, a line saying so instead.
 * So is one with a block either way (decision 0220): 'Block' in the header asks first, then closes it with
 * the server's line; the blocked person sees 'You cannot message this person', also when a send is refused.
 */
import { ApiError, type ChatTarget, type RealtimeChannel, type ToastInput } from '@buildbid/api-client';
import { ConfirmDialog, REPORTED_TOAST, ReportDialog, whenClosed } from '@buildbid/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  Dialog,
  Form,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  TextField,
} from 'react-aria-components';
import {
  blockUser,
  type ChatMessage,
  conversationStatus,
  listMessages,
  markConversationRead,
  projectTitle,
  reportedMessageIds,
  reportMessage,
  sendMessage,
} from './api.ts';

const MESSAGE_PLACEHOLDER = 'Type a message...';
/** What the dialog says in the composer's place once the other party deleted their account (decision 0193). */
export const CONVERSATION_CLOSED = 'This account has been deleted; the conversation is closed';

/** The codes of a refused send that close the conversation: a deleted account, a block either way. */
const CLOSING_CODES = ['RECIPIENT_DELETED', 'CANNOT_MESSAGE_USER'];

/** The send button's rule (section 2): nothing to send, or a send already on its way. */
export function isSendDisabled(text: string, sending: boolean): boolean {
  return sending || text.trim() === '';
}

interface Props {
  target: ChatTarget;
  currentUserId: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  realtime?: RealtimeChannel | undefined;
  toast(t: ToastInput): void;
}

function senderOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const sender = (data as { senderId?: unknown }).senderId;
  return typeof sender === 'string' ? sender : null;
}

function timeOf(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

export function MessageDialog({ target, currentUserId, isOpen, onOpenChange, realtime, toast }: Props) {
  const { otherUserId, projectId = null } = target;
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  /** Why the conversation takes no new messages (the other party deleted their account); null while open. */
  const [closed, setClosed] = useState<string | null>(null);
  /** Whether 'Block' is offered: once the status says the caller has not blocked them and they are not deleted. */
  const [canBlock, setCanBlock] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [blocking, setBlocking] = useState(false);
  /** The other person's messages the caller reported (decision 0221), and the one being reported now. */
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  const [reporting, setReporting] = useState<string | null>(null);
  const closedLine = useRef<HTMLParagraphElement>(null);
  /** Set when a refused send closed the conversation: the focus moves from the vanished field to the line. */
  const focusClosed = useRef(false);
  const generation = useRef(0);
  const listEnd = useRef<HTMLLIElement>(null);

  const load = useCallback(async () => {
    generation.current += 1;
    const mine = generation.current;
    try {
      const list = await listMessages(otherUserId, projectId);
      if (mine !== generation.current) return;
      setMessages(list);
      setLoadError(null);
      // Seeing the conversation marks what the other user sent read: a POST (reading changes nothing).
      if (list.some((m) => m.senderId === otherUserId && !m.isRead)) {
        markConversationRead(otherUserId, projectId).catch((error: unknown) =>
          console.error('Messages could not be marked read', error),
        );
      }
    } catch (error) {
      if (mine !== generation.current) return;
      console.error('Messages failed to load', error);
      setLoadError(errorMessage(error));
      setMessages((prev) => prev ?? []);
    }
  }, [otherUserId, projectId]);

  // Fetched only while open; closing forgets the conversation so a reopen starts from 'Loading messages...'.
  useEffect(() => {
    if (!isOpen) {
      generation.current += 1;
      setMessages(null);
      setLoadError(null);
      return;
    }
    void load();
  }, [isOpen, load]);

  // Whether the conversation is closed is asked once per opening; an answer that fails leaves it open
  // (a send to a deleted account is refused and closes it then).
  const readStatus = useCallback(
    async (isCurrent: () => boolean) => {
      try {
        const status = await conversationStatus(otherUserId);
        if (!isCurrent()) return;
        const reason = status.closed ? (status.closedReason ?? CONVERSATION_CLOSED) : null;
        setClosed(reason);
        setCanBlock(!status.blockedByMe && reason !== CONVERSATION_CLOSED);
      } catch (error) {
        console.error('Conversation status failed to load', error);
      }
    },
    [otherUserId],
  );
  useEffect(() => {
    if (!isOpen) {
      setClosed(null);
      setCanBlock(false);
      return;
    }
    let current = true;
    void readStatus(() => current);
    return () => {
      current = false;
    };
  }, [isOpen, readStatus]);

  /** 'Block' confirmed: the server blocks, then its status gives the line that replaces the composer. */
  async function block() {
    if (blocking) return;
    setBlocking(true);
    try {
      await blockUser(otherUserId);
    } catch (error) {
      setBlocking(false);
      setConfirmingBlock(false);
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    setBlocking(false);
    setConfirmingBlock(false);
    setCanBlock(false);
    focusClosed.current = true;
    await readStatus(() => true);
    toast({ title: 'Blocked' });
  }

  // Which of the other person's messages the caller reported is asked once per opening (decision 0221).
  useEffect(() => {
    if (!isOpen) {
      setReported(new Set());
      setReporting(null);
      return;
    }
    let current = true;
    reportedMessageIds()
      .then((ids) => {
        if (current) setReported(ids);
      })
      .catch((error: unknown) => console.error('Your reports failed to load', error));
    return () => {
      current = false;
    };
  }, [isOpen]);

  useEffect(() => {
    if (closed && focusClosed.current) {
      focusClosed.current = false;
      closedLine.current?.focus();
    }
  }, [closed]);

  // The open chat refreshes when a message from the other party arrives.
  useEffect(() => {
    if (!isOpen || !realtime) return;
    return realtime.subscribe((message) => {
      if (message.type === 'new_message' && senderOf(message.data) === otherUserId) void load();
    });
  }, [isOpen, realtime, otherUserId, load]);

  useEffect(() => {
    if (messages && messages.length > 0) listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  async function send() {
    const content = text.trim();
    if (isSendDisabled(text, sending)) return;
    setSending(true);
    // Without a project of its own (e.g. opened from a notification) a reply stays in the thread of
    // the conversation's latest message.
    const replyProjectId = projectId ?? messages?.at(-1)?.projectId ?? null;
    try {
      await sendMessage(otherUserId, replyProjectId, content);
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && CLOSING_CODES.includes(error.code ?? '')) {
        focusClosed.current = true;
        setClosed(error.message || CONVERSATION_CLOSED);
        return;
      }
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      return;
    }
    setSending(false);
    setText('');
    await load();
  }

  // The title names the other person and, where there is one, the project: the one it was opened for,
  // or else (opened from a notification) the project of the conversation's latest message.
  const threadProjectId = projectId ?? messages?.at(-1)?.projectId ?? null;
  const [fetchedTitle, setFetchedTitle] = useState<{ id: string; title: string } | null>(null);
  useEffect(() => {
    if (!isOpen || target.projectTitle || !threadProjectId || fetchedTitle?.id === threadProjectId) return;
    let current = true;
    projectTitle(threadProjectId)
      .then((title) => {
        if (current) setFetchedTitle({ id: threadProjectId, title });
      })
      // A deleted project, or one this user may no longer see: the title names the person alone.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [isOpen, target.projectTitle, threadProjectId, fetchedTitle]);
  const project =
    target.projectTitle ?? (fetchedTitle && fetchedTitle.id === threadProjectId ? fetchedTitle.title : null);
  const person = target.otherUserName ? `Message ${target.otherUserName}` : 'Messages';
  const title = project ? `${person} · ${project}` : person;
  const blockee = target.otherUserName || 'this person';

  return (
    <ModalOverlay className="chat-overlay" isOpen={isOpen} onOpenChange={onOpenChange} isDismissable>
      <Modal className="chat-modal">
        <Dialog className="chat-dialog">
          <header className="chat-head">
            <div>
              <Heading slot="title" className="chat-title">
                {title}
              </Heading>
            </div>
            <div className="chat-head-actions">
              {canBlock && (
                <Button
                  className="btn btn-outline btn-small chat-block"
                  aria-label={`Block ${blockee}`}
                  onPress={() => setConfirmingBlock(true)}
                >
                  Block
                </Button>
              )}
              <Button slot="close" className="chat-close" aria-label="Close messages">
                ×
              </Button>
            </div>
          </header>
          <div className="chat-body">
            {messages === null ? (
              <p className="chat-state muted" role="status">
                Loading messages...
              </p>
            ) : messages.length === 0 ? (
              <p className="chat-state muted">{loadError ?? 'No messages yet'}</p>
            ) : (
              <ol className="chat-list" aria-label="Conversation">
                {messages.map((m) => {
                  const mine = m.senderId === currentUserId;
                  return (
                    <li key={m.id} className={mine ? 'chat-message chat-mine' : 'chat-message chat-theirs'}>
                      <span className="sr-only">{mine ? 'You: ' : 'Them: '}</span>
                      <p className="chat-bubble">{m.content}</p>
                      <span className="chat-meta">
                        <time className="chat-time" dateTime={m.createdAt}>
                          {timeOf(m.createdAt)}
                        </time>
                        {!mine &&
                          (reported.has(m.id) ? (
                            <span className="chat-reported">Reported</span>
                          ) : (
                            <Button
                              className="chat-report"
                              aria-label={`Report this message: ${m.content.slice(0, 40)}`}
                              onPress={() => setReporting(m.id)}
                            >
                              Report
                            </Button>
                          ))}
                      </span>
                    </li>
                  );
                })}
                <li ref={listEnd} aria-hidden="true" className="chat-end" />
              </ol>
            )}
          </div>
          {closed ? (
            <p className="chat-closed" role="status" ref={closedLine} tabIndex={-1}>
              {closed}
            </p>
          ) : (
            <Form
              className="chat-form"
              onSubmit={(event) => {
                event.preventDefault();
                void send();
              }}
            >
              <TextField className="chat-field" value={text} onChange={setText}>
                <Label className="sr-only">Message</Label>
                <Input className="input" placeholder={MESSAGE_PLACEHOLDER} autoFocus autoComplete="off" />
              </TextField>
              <Button type="submit" className="btn btn-primary" isDisabled={isSendDisabled(text, sending)}>
                {sending ? 'Sending...' : 'Send'}
              </Button>
            </Form>
          )}
          <ReportDialog
            isOpen={reporting !== null}
            onOpenChange={(open) => {
              if (!open) setReporting(null);
            }}
            title="Report this message"
            targetType="message"
            onReport={async (report) => {
              if (!reporting) return;
              await reportMessage(reporting, report);
              setReported((ids) => new Set([...ids, reporting]));
              toast(REPORTED_TOAST);
            }}
          />
          <ConfirmDialog
            isOpen={confirmingBlock}
            onOpenChange={whenClosed(() => setConfirmingBlock(false))}
            title={`Block ${blockee}?`}
            confirmLabel="Block"
            pendingLabel="Blocking..."
            pending={blocking}
            onConfirm={() => void block()}
          >
            They won't be able to message you or bid on your projects, and their pending bids on your projects
            will be declined. They won't be told.
          </ConfirmDialog>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
