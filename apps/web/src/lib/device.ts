export type DeviceType = 'android' | 'ios' | 'pc';

/**
 * Classifies the visitor from the user agent. iPadOS 13+ announces itself as desktop Safari
 * ("Macintosh"), so a Mac with a touch screen is taken for an iPad.
 */
export function detectDevice(userAgent: string, maxTouchPoints = 0): DeviceType {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  // Other phones (HarmonyOS, KaiOS, in-app browsers with stripped agents) still say "Mobile".
  if (/mobile|harmonyos|windows phone/i.test(userAgent)) return 'android';
  return 'pc';
}

export function currentDevice(): DeviceType {
  return detectDevice(navigator.userAgent, navigator.maxTouchPoints);
}
