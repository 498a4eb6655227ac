import type { FormEventHandler, ReactNode } from 'react';
import { Button, Card, Heading, Stack, chakra } from '@chakra-ui/react';

/**
 * One Settings section that is a form: a card with the heading the form is named by, what the section says
 * under it, notices, the fields (disabled while the change is on its way) and the submit button.
 */
export function SettingsForm({
  titleId,
  title,
  intro,
  notices,
  children,
  busy,
  submitLabel,
  busyLabel,
  variant = 'solid',
  onSubmit,
}: {
  /** The heading's id: the form's accessible name comes from it. */
  titleId: string;
  title: string;
  intro: ReactNode;
  notices?: ReactNode;
  children: ReactNode;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  variant?: 'solid' | 'outline';
  onSubmit: FormEventHandler<HTMLFormElement>;
}) {
  return (
    <Card.Root>
      <Card.Body>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          noValidate
          aria-labelledby={titleId}
          onSubmit={onSubmit}
        >
          <Stack gap="1">
            <Heading as="h2" size="lg" id={titleId}>
              {title}
            </Heading>
            {intro}
          </Stack>
          {notices}
          <fieldset disabled={busy} style={{ display: 'contents' }}>
            {children}
          </fieldset>
          <Button
            type="submit"
            colorPalette="teal"
            variant={variant}
            alignSelf={{ base: 'stretch', sm: 'flex-start' }}
            loading={busy}
            loadingText={busyLabel}
          >
            {submitLabel}
          </Button>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
