import Bowser from 'bowser';

/** Browser and operating system named from a User-Agent string, for the sessions list ("Firefox 133", "macOS"). */
export function describeUserAgent(userAgent: string | null): { browser: string; system: string } {
  if (!userAgent) return { browser: 'Unknown browser', system: 'Unknown system' };
  try {
    const parsed = Bowser.parse(userAgent);
    const major = parsed.browser.version?.split('.')[0];
    const browser = parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser';
    const osVersion = parsed.os.versionName ?? parsed.os.version;
    const system = parsed.os.name ? `${parsed.os.name}${osVersion ? ` ${osVersion}` : ''}` : 'Unknown system';
    return { browser, system };
  } catch {
    return { browser: 'Unknown browser', system: 'Unknown system' };
  }
}
