import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Style props for a section that starts below the first screen (`<Box as="section" {...belowTheFold('1200px')}>`):
 * the browser skips its style, layout and paint while it is off screen (`content-visibility: auto`), which is most
 * of the work a pre-rendered page costs on a phone before and while it comes to life (every restyle the page's
 * code causes would otherwise go over the whole document). `height` is its expected height until it has been shown
 * once (then the browser remembers its real one), so the scroll bar hardly moves. Off screen only: what is on the
 * screen never shifts because of it, and its content stays in the accessibility tree and in find-in-page.
 */
export function belowTheFold(height: string): SystemStyleObject {
  return { contentVisibility: 'auto', containIntrinsicSize: `auto ${height}` };
}
