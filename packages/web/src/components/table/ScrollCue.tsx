import { useEffect, useRef, useState, type ReactNode } from 'react';
import { HStack, Icon, Table, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { LuMoveHorizontal } from 'react-icons/lu';

/**
 * A table's scroll area that says when it scrolls: on a phone a money table wider than the screen shows
 * "Scroll sideways for more columns" above it while columns are still out of view, and the area can be focused and
 * scrolled with the arrow keys. Nothing is shown when the table fits.
 */
export function ScrollingTable({ children, label }: { children: ReactNode; label?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // |scrollLeft|: in a right-to-left page it counts down from 0.
    const measure = () => {
      setScrolls(el.scrollWidth - el.clientWidth > 4);
      setMore(el.scrollWidth - el.clientWidth - Math.abs(el.scrollLeft) > 4);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, []);
  return (
    <>
      {/* Kept in its place (hidden) once scrolled to the row's end: removing it would move the table up under a
          finger or a click that is on its way (a click on a row's button landed above it). */}
      {scrolls ? (
        <HStack
          gap="1.5"
          fontSize="xs"
          color="fg.muted"
          data-testid="scroll-cue"
          aria-hidden
          visibility={more ? 'visible' : 'hidden'}
        >
          <Icon as={LuMoveHorizontal} boxSize="3.5" />
          <Text>
            <Trans>Scroll sideways for more columns</Trans>
          </Text>
        </HStack>
      ) : null}
      <Table.ScrollArea
        ref={ref}
        borderWidth="1px"
        rounded="md"
        // Focusable only when it scrolls, so the keyboard can reach the hidden columns.
        tabIndex={scrolls ? 0 : undefined}
        aria-label={scrolls ? label : undefined}
        role={scrolls && label ? 'region' : undefined}
        focusRing="outside"
        // An edge shadow on the side where columns are still hidden.
        boxShadow={more ? 'inset -12px 0 10px -10px var(--chakra-colors-fg-subtle)' : undefined}
        _rtl={more ? { boxShadow: 'inset 12px 0 10px -10px var(--chakra-colors-fg-subtle)' } : undefined}
      >
        {children}
      </Table.ScrollArea>
    </>
  );
}
