import { Link as RouterLink } from 'react-router-dom';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { TierLine } from '../kyc/TierLine';
import { VERIFICATION_PATH } from '../kyc/kyc-paths';

/** Settings → Verification & limits (#33): the tier and what is left, and the way to the page that raises them. */
export function VerificationSection() {
  return (
    <Card.Root as="section" aria-labelledby="verification-heading">
      <Card.Header>
        <Heading as="h2" id="verification-heading" size="lg">
          <Trans>Verification & limits</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>Your identity tier decides how much you can withdraw a day and in 30 days.</Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4" align="start">
          <TierLine />
          <Button asChild size="sm" variant="outline" colorPalette="teal">
            <RouterLink to={VERIFICATION_PATH}>
              <Trans>See your limits and verify</Trans>
            </RouterLink>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
