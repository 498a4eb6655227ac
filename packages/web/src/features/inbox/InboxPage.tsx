import { useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Field,
  HStack,
  Heading,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { TContactMessage } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatInteger } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useSiteConfig } from '../../lib/site-hooks';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';
import { downloadTextFile } from '../../lib/download';
import { newsletterCsvFileName, newsletterToCsv } from './newsletter-csv';

/** Newsletter figures and the CSV export of the confirmed addresses. */
function NewsletterCard() {
  const { t } = useLingui();
  const stats = trpc.newsletter.stats.useQuery();
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const rows = await utils.newsletter.exportConfirmed.fetch();
      if (rows.length === 0) {
        toaster.create({ type: 'info', title: t`Nothing to export`, description: t`No address is confirmed yet.` });
        return;
      }
      const fileName = newsletterCsvFileName();
      downloadTextFile(fileName, newsletterToCsv(rows));
      const count = rows.length;
      toaster.create({
        type: 'success',
        title: t`Subscribers exported`,
        description: t`${plural(count, { one: '# confirmed address', other: '# confirmed addresses' })} saved to ${fileName}.`,
      });
    } catch (err) {
      toaster.create({ type: 'error', title: t`Export failed`, description: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root size="sm">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          <Trans>Newsletter</Trans>
        </Heading>
        {stats.isError ? (
          <Text color="fg.error">{errorMessage(stats.error)}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            {(['confirmed', 'pending', 'unsubscribed'] as const).map((k) => (
              <Box key={k}>
                <Text fontSize="sm" color="fg.muted">
                  {k === 'confirmed' ? (
                    <Trans>Subscribers (confirmed)</Trans>
                  ) : k === 'pending' ? (
                    <Trans>Awaiting confirmation</Trans>
                  ) : (
                    <Trans>Unsubscribed</Trans>
                  )}
                </Text>
                <Text fontSize="2xl" fontWeight="bold" data-testid={`newsletter-${k}`}>
                  {stats.data ? formatInteger(stats.data[k]) : '—'}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        )}
        <Button
          variant="outline"
          colorPalette="teal"
          alignSelf="start"
          onClick={() => void exportCsv()}
          loading={busy}
          loadingText={t`Exporting...`}
        >
          <LuDownload /> <Trans>Export confirmed (CSV)</Trans>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

function MessageItem({
  msg,
  onReply,
  mailEnabled,
}: {
  msg: TContactMessage;
  onReply: (m: TContactMessage) => void;
  mailEnabled: boolean | undefined;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const utils = trpc.useUtils();
  const markRead = trpc.contact.markRead.useMutation({
    onSuccess: () => Promise.all([utils.contact.list.invalidate(), utils.overview.counts.invalidate()]),
    onError: (err) => toaster.create({ type: 'error', title: t`Could not update`, description: errorMessage(err) }),
  });
  const unread = msg.readAt === null;
  const repliedAt = formatDateTime(msg.repliedAt);
  const receivedAt = formatDateTime(msg.createdAt);
  const ip = msg.ip;

  const toggleOpen = () => {
    const next = !open;
    setOpen(next);
    if (next && unread) markRead.mutate({ id: msg.id, read: true });
  };

  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" bg={unread ? 'teal.subtle' : undefined}>
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
        <Stack gap="0.5" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight={unread ? 'bold' : 'semibold'}>{msg.name}</Text>
            <Text color="fg.muted" fontSize="sm">
              &lt;{msg.email}&gt;
            </Text>
            {unread ? (
              <Badge colorPalette="teal">
                <Trans>Unread</Trans>
              </Badge>
            ) : null}
            {msg.repliedAt ? (
              mailEnabled === false ? (
                // Without a mail server the reply sits in the outbox: it has not reached the sender.
                <Badge colorPalette="orange">
                  <Trans>Reply not sent (mail is off) · {repliedAt}</Trans>
                </Badge>
              ) : (
                <Badge colorPalette="green">
                  <Trans>Replied {repliedAt}</Trans>
                </Badge>
              )
            ) : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {ip ? (
              <Trans>
                {receivedAt} · from {ip}
              </Trans>
            ) : (
              receivedAt
            )}
          </Text>
          {!open ? (
            <Text fontSize="sm" lineClamp={1}>
              {msg.message}
            </Text>
          ) : null}
        </Stack>
        <HStack gap="2">
          <Button size="sm" variant="outline" onClick={toggleOpen} aria-expanded={open}>
            {open ? <Trans>Close</Trans> : <Trans>Open</Trans>}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            loading={markRead.isPending}
            onClick={() => markRead.mutate({ id: msg.id, read: unread })}
          >
            {unread ? <Trans>Mark read</Trans> : <Trans>Mark unread</Trans>}
          </Button>
          <Button size="sm" colorPalette="teal" onClick={() => onReply(msg)}>
            <Trans>Reply</Trans>
          </Button>
        </HStack>
      </HStack>
      {open ? (
        <Text mt="3" whiteSpace="pre-wrap">
          {msg.message}
        </Text>
      ) : null}
    </Box>
  );
}

/** /dashboard/inbox (admins): contact messages newest first, read/unread, open, reply by email; newsletter figures. */
export default function InboxPage() {
  const { t } = useLingui();
  usePageTitle(t`Inbox`);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [replyTo, setReplyTo] = useState<TContactMessage | null>(null);
  const [reply, setReply] = useState('');
  const utils = trpc.useUtils();
  const list = trpc.contact.list.useInfiniteQuery(
    { limit: 20, unreadOnly },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const send = trpc.contact.reply.useMutation();
  const mailEnabled = useSiteConfig()?.mailEnabled;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = list.data?.pages[0]?.unread;
  const unreadCount = formatInteger(unread);
  const replyEmail = replyTo?.email;
  const replyName = replyTo?.name;

  const sendReply = async () => {
    if (!replyTo) return;
    const email = replyTo.email;
    try {
      await send.mutateAsync({ id: replyTo.id, message: reply });
      toaster.create(
        mailEnabled === false
          ? {
              type: 'warning',
              title: t`Reply written, not sent`,
              description: t`Mail is not being sent on this installation: your reply to ${email} waits in the Outbox and goes out once mail is set up (SMTP_URL). To answer now, write to them from your own mailbox.`,
            }
          : {
              type: 'success',
              title: t`Reply queued`,
              description: t`Your reply to ${email} is in the outbox and goes out with the mail.`,
            },
      );
      setReplyTo(null);
      setReply('');
      await utils.contact.list.invalidate();
    } catch (err) {
      toaster.create({ type: 'error', title: t`Reply not sent`, description: errorMessage(err) });
    }
  };

  return (
    <Stack gap="6">
      <PageIntro title={t`Inbox`}>
        {unread !== undefined ? (
          <Trans>Messages from the contact form · {unreadCount} unread.</Trans>
        ) : (
          <Trans>Messages from the contact form.</Trans>
        )}{' '}
        {mailEnabled === false ? (
          <Trans>
            Mail is not being sent on this installation: replies wait in the Outbox until mail is set up (SMTP_URL).
          </Trans>
        ) : (
          <Trans>Replies go to the sender by email.</Trans>
        )}
      </PageIntro>
      <NewsletterCard />
      <Checkbox.Root
        checked={unreadOnly}
        onCheckedChange={(d) => setUnreadOnly(d.checked === true)}
        colorPalette="teal"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          <Trans>Unread only</Trans>
        </Checkbox.Label>
      </Checkbox.Root>
      {list.isPending ? (
        <PageLoader label={t`Loading messages...`} />
      ) : list.isError ? (
        <ErrorState
          description={errorMessage(list.error, t`The messages could not be loaded.`)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          title={unreadOnly ? t`No unread messages` : t`No messages yet`}
          description={t`The contact form's messages appear here.`}
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={t`Contact messages`}>
          {items.map((m) => (
            <MessageItem key={m.id} msg={m} onReply={setReplyTo} mailEnabled={mailEnabled} />
          ))}
        </Stack>
      )}
      {list.hasNextPage ? (
        <Button
          variant="outline"
          alignSelf="center"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          <Trans>Show more</Trans>
        </Button>
      ) : null}
      <ActionDialog
        open={replyTo !== null}
        title={replyTo ? t`Reply to ${replyName}` : t`Reply`}
        action={{ label: t`Send reply`, palette: 'teal', onClick: () => void sendReply() }}
        cancelLabel={t`Cancel`}
        busy={send.isPending}
        size="md"
        onClose={() => setReplyTo(null)}
      >
        <Field.Root required>
          <Field.Label>
            <Trans>Your reply to {replyEmail}</Trans>
          </Field.Label>
          <Textarea rows={8} value={reply} onChange={(e) => setReply(e.target.value)} />
          <Field.HelperText>
            <Trans>Only your words are sent: their message is not quoted, so say what you are answering.</Trans>
          </Field.HelperText>
        </Field.Root>
      </ActionDialog>
    </Stack>
  );
}
