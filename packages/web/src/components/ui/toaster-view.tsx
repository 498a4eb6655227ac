import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { toaster } from './toaster-real';

/** Chakra's toast list for our toaster (the snippet from the Chakra docs). */
export default function ToasterView() {
  const { t } = useLingui();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="teal.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? (
                <Toast.Description overflowWrap="anywhere">{toast.description}</Toast.Description>
              ) : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable !== false ? <Toast.CloseTrigger aria-label={t`Dismiss notification`} /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
