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
import { LuMail, LuMapPin, LuSend } from 'react-icons/lu';
import { Field } from '../../components/ui/field';
import { site } from '../../content/site';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN } from '@vestora/contract';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { useSiteSettings } from '../../lib/site-hooks';
import { trpc } from '../../lib/trpc';
import { PageHeader } from './PageHeader';

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
    <Card.Root variant="outline" bg="white">
      <Card.Body>
        <Heading as="h2" size="xl" mb="5">
          Send us a message
        </Heading>
        <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={onSubmit} noValidate>
          <Field label="Name" required invalid={!!errors.name} errorText={errors.name?.message}>
            <Input
              autoComplete="name"
              {...register('name', {
                validate: (v) => (v.trim() ? true : 'Name is required'),
                maxLength: { value: 100, message: 'Name must be at most 100 characters' },
              })}
            />
          </Field>
          <Field label="Email" required invalid={!!errors.email} errorText={errors.email?.message}>
            <Input
              type="email"
              autoComplete="email"
              {...register('email', {
                validate: (v) =>
                  v.trim()
                    ? EMAIL_PATTERN.test(v.trim()) || 'Email must be a valid email address'
                    : 'Email is required',
              })}
            />
          </Field>
          <Field label="Message" required invalid={!!errors.message} errorText={errors.message?.message}>
            <Textarea
              rows={6}
              {...register('message', {
                validate: (v) =>
                  v.trim().length >= CONTACT_MESSAGE_MIN ||
                  (v.trim() ? `Message must be at least ${CONTACT_MESSAGE_MIN} characters` : 'Message is required'),
                maxLength: {
                  value: CONTACT_MESSAGE_MAX,
                  message: `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
                },
              })}
            />
          </Field>
          <Button
            type="submit"
            colorPalette="teal"
            alignSelf={{ base: 'stretch', sm: 'start' }}
            loading={send.isPending}
            loadingText="Sending..."
          >
            <LuSend /> Send Message
          </Button>
        </chakra.form>
        {received ? (
          <Alert.Root status="success" mt="5" rounded="lg" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Message received</Alert.Title>
              <Alert.Description>{received}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {send.isError ? (
          <Alert.Root status="error" mt="5" rounded="lg" role="alert">
            <Alert.Indicator />
            <Alert.Content gap="3">
              <Alert.Title>Your message has not been sent</Alert.Title>
              <Alert.Description>
                {errorMessage(send.error)}
                {supportEmail ? ` You can also email us at ${supportEmail}.` : null}
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
  if (!settings || (!settings.supportEmail && !settings.address)) return null;
  return (
    <Card.Root variant="outline" bg="white" data-testid="contact-facts">
      <Card.Body gap="5">
        {settings.supportEmail ? (
          <HStack align="start" gap="3">
            <Icon as={LuMail} boxSize="5" color="teal.600" mt="0.5" aria-hidden />
            <Box>
              <Text fontWeight="semibold">Email</Text>
              <Link href={`mailto:${settings.supportEmail}`} color="teal.700">
                {settings.supportEmail}
              </Link>
            </Box>
          </HStack>
        ) : null}
        {settings.address ? (
          <HStack align="start" gap="3">
            <Icon as={LuMapPin} boxSize="5" color="teal.600" mt="0.5" aria-hidden />
            <Box>
              <Text fontWeight="semibold">Address</Text>
              <Text as="address" fontStyle="normal" color="gray.700" whiteSpace="pre-line">
                {settings.companyName ? `${settings.companyName}\n` : ''}
                {settings.address}
              </Text>
            </Box>
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** Contact: the form, and the operator's email and address once an admin has set them. */
export default function ContactPage() {
  const { contact } = site;
  usePageTitle('Contact');
  return (
    <>
      <PageHeader title={contact.title} intro={contact.intro} />
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
