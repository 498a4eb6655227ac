import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { toaster } from '../../components/ui/toaster';

/** How long the button says 'Copied!' (spec: 2000 ms). */
export const COPIED_RESET_MS = 2000;

interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  value: string;
  label: string;
  /** Accessible name when the visible label alone is ambiguous (e.g. several "Copy" buttons). */
  ariaLabel?: string;
  /** A success toast's title, for values whose copy the reader should hear about (an address to pay to). */
  copiedToast?: string;
}

/**
 * Copies `value` to the clipboard; the label reads 'Copied!' for 2 s (and `copiedToast`, when given, is toasted); a
 * refused clipboard gets a toast.
 */
export function CopyButton({ value, label, ariaLabel, copiedToast, ...rest }: CopyButtonProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(value);
      setCopied(true);
      if (copiedToast) toaster.create({ type: 'success', title: copiedToast });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    } catch {
      toaster.create({
        type: 'error',
        title: t`Could not copy`,
        description: t`Your browser blocked the clipboard. Select the text and copy it manually.`,
      });
    }
  };

  return (
    <Button
      variant="outline"
      {...rest}
      aria-label={ariaLabel && !copied ? ariaLabel : undefined}
      onClick={() => void copy()}
    >
      {copied ? <LuCheck /> : <LuCopy />}
      {copied ? <Trans>Copied!</Trans> : label}
    </Button>
  );
}
