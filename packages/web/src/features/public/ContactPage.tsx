import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Heading,
  HStack,
  Icon,
  Input,
  Link,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuMail, LuMap, LuMapPin, LuSend } from 'react-icons/lu';
import { Field } from '../../components/ui/field';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN } from '@vestora/contract';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { useSiteSettings } from '../../lib/site-hooks';
import { trpc } from '../../lib/trpc';
import { PageHeader } from './PageHeader';
import { pages } from '../../content/pages';

interface ContactValues {
  name: string;
  email: string;
  message: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The contact form: sends the message to the server (stored for the team's Inbox; we reply by email). The
 * success message is the server's own answer; an error (including the per-address limit) is shown as is,
 * with the email address as a fallback.
 */
function ContactForm() {
  const { t } = useLingui();
  const send = trpc.contact.send.useMutation();
  const supportEmail = useSiteSettings()?.supportEmail;
  const [received, setReceived] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactValues>({ defaultValues: { name: '', email: '', message: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setReceived(null);
    try {
      const res = await send.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
      });
      setReceived(res.message);
      reset();
    } catch {
      // Shown below from send.error.
    }
  });

  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Body>
        <Heading as="h2" size="xl" mb="5">
          <Trans>Send us a message</Trans>
        </Heading>
        <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={onSubmit} noValidate>
          <Field label={t`Name`} required invalid={!!errors.name} errorText={errors.name?.message}>
            <Input
              autoComplete="name"
              {...register('name', {
                validate: (v) => (v.trim() ? true : t`Name is required`),
                maxLength: { value: 100, message: t`Name must be at most 100 characters` },
              })}
            />
          </Field>
          <Field label={t`Email`} required invalid={!!errors.email} errorText={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              {...register('email', {
                validate: (v) =>
                  v.trim()
                    ? EMAIL_PATTERN.test(v.trim()) || t`Email must be a valid email address`
                    : t`Email is required`,
              })}
            />
          </Field>
          <Field label={t`Message`} required invalid={!!errors.message} errorText={errors.message?.message}>
            <Textarea
              rows={6}
              {...register('message', {
                validate: (v) =>
                  v.trim().length >= CONTACT_MESSAGE_MIN ||
                  (v.trim() ? t`Message must be at least ${CONTACT_MESSAGE_MIN} characters` : t`Message is required`),
                maxLength: {
                  value: CONTACT_MESSAGE_MAX,
                  message: t`Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
                },
              })}
            />
          </Field>
          <Button
            type="submit"
            colorPalette="teal"
            alignSelf={{ base: 'stretch', sm: 'start' }}
            loading={send.isPending}
            loadingText={t`Sending...`}
          >
            <LuSend /> <Trans>Send Message</Trans>
          </Button>
        </chakra.form>
        {received ? (
          <Alert.Root status="success" mt="5" rounded="lg" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <Trans>Message received</Trans>
              </Alert.Title>
              <Alert.Description>{received}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {send.isError ? (
          <Alert.Root status="error" mt="5" rounded="lg" role="alert">
            <Alert.Indicator />
            <Alert.Content gap="3">
              <Alert.Title>
                <Trans>Your message has not been sent</Trans>
              </Alert.Title>
              <Alert.Description>
                {errorMessage(send.error)}
                {supportEmail ? (
                  <>
                    {' '}
                    <Trans>You can also email us at {supportEmail}.</Trans>
                  </>
                ) : null}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The operator's contact facts an admin set on the Site settings page (support address, postal address). While
 * none is set the card is left out: the page invents no address.
 */
function ContactFacts() {
  const settings = useSiteSettings();
  if (!settings || (!settings.supportEmail && !settings.address && !settings.mapUrl)) return null;
  return (
    <Card.Root variant="outline" bg="bg.panel" data-testid="contact-facts">
      <Card.Body gap="5">
        {settings.supportEmail ? (
          <HStack align="start" gap="3">
            <Icon as={LuMail} boxSize="5" color="teal.fg" mt="0.5" aria-hidden />
            <Box>
              <Text fontWeight="semibold">
                <Trans>Email</Trans>
              </Text>
              <Link href={`mailto:${settings.supportEmail}`} color="teal.fg">
                {settings.supportEmail}
              </Link>
            </Box>
          </HStack>
        ) : null}
        {settings.address ? (
          <HStack align="start" gap="3">
            <Icon as={LuMapPin} boxSize="5" color="teal.fg" mt="0.5" aria-hidden />
            <Box>
              <Text fontWeight="semibold">
                <Trans>Address</Trans>
              </Text>
              <Text as="address" fontStyle="normal" color="fg.muted" whiteSpace="pre-line">
                {settings.companyName ? `${settings.companyName}\n` : ''}
                {settings.address}
              </Text>
            </Box>
          </HStack>
        ) : null}
        {settings.mapUrl ? (
          // A link, not an embedded frame: a frame would loosen the content security policy.
          <HStack align="start" gap="3">
            <Icon as={LuMap} boxSize="5" color="teal.fg" mt="0.5" aria-hidden />
            <Link
              href={settings.mapUrl}
              target="_blank"
              rel="noopener noreferrer"
              color="teal.fg"
              fontWeight="semibold"
            >
              <Trans>See us on a map</Trans>
              <Text as="span" srOnly>
                {' '}
                <Trans>(opens in a new tab)</Trans>
              </Text>
            </Link>
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** Contact: the form, and the operator's email and address once an admin has set them. */
export default function ContactPage() {
  const { t, i18n } = useLingui();
  const { contact } = pages;
  usePageTitle(t`Contact`);
  return (
    <>
      <PageHeader title={i18n._(contact.title)} intro={i18n._(contact.intro)} />
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.2fr 1fr' }} gap={{ base: '8', lg: '12' }} alignItems="start">
          <ContactForm />
          <Stack gap="6">
            <ContactFacts />
          </Stack>
        </Grid>
      </Container>
    </>
  );
}
