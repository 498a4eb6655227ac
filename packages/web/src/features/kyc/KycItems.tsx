import { Badge, Card, Heading, HStack, Link, List, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TKycItemState, TKycItemView } from '@vestora/contract';
import { formatDateTime, formatDay } from '../../lib/format';
import { ITEM_WORDS } from './kyc-words';

const STATE_WORDS: Record<TKycItemState, MessageDescriptor> = {
  accepted: msg`Accepted`,
  in_review: msg`In review`,
  send_again: msg`Send again`,
  waiting: msg`Waiting for the item sent again`,
  rejected: msg`Rejected`,
};

const STATE_PALETTE: Record<TKycItemState, string> = {
  accepted: 'green',
  in_review: 'blue',
  send_again: 'orange',
  waiting: 'gray',
  rejected: 'red',
};

/** What the member gave (details and documents) and the state of each: accepted, in review, send again (why), rejected. */
export function KycItems({ items }: { items: readonly TKycItemView[] }) {
  const { i18n } = useLingui();
  if (items.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="kyc-items-heading">
      <Card.Header>
        <Heading as="h2" id="kyc-items-heading" size="lg">
          <Trans>What you sent</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <List.Root variant="plain" gap="3">
          {items.map((item) => {
            const reason = item.reason;
            return (
              <List.Item
                key={item.item}
                display="block"
                borderBottomWidth="1px"
                pb="3"
                data-testid={`kyc-item-${item.item}`}
              >
                <Stack gap="1">
                  <HStack justify="space-between" gap="2" wrap="wrap">
                    <Text fontWeight="medium">{i18n._(ITEM_WORDS[item.item])}</Text>
                    <Badge colorPalette={STATE_PALETTE[item.state]}>{i18n._(STATE_WORDS[item.state])}</Badge>
                  </HStack>
                  {item.value ? (
                    <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                      {item.item === 'date_of_birth' ? formatDay(item.value) : item.value}
                    </Text>
                  ) : null}
                  {item.document ? (
                    <Text fontSize="sm" color="fg.muted">
                      {item.document.url ? (
                        <Link href={item.document.url} target="_blank" rel="noopener noreferrer" colorPalette="teal">
                          <Trans>View the document you sent</Trans>
                        </Link>
                      ) : (
                        <Trans>Document sent</Trans>
                      )}{' '}
                      · {formatDateTime(item.document.createdAt)}
                    </Text>
                  ) : null}
                  {item.reason && (item.state === 'send_again' || item.state === 'rejected') ? (
                    <Text fontSize="sm" color={item.state === 'rejected' ? 'red.fg' : 'orange.fg'}>
                      <Trans>Reason: {reason}</Trans>
                    </Text>
                  ) : null}
                </Stack>
              </List.Item>
            );
          })}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}
