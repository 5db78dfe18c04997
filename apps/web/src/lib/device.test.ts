import { describe, expect, it } from 'vitest';
import { detectDevice } from './device';

const agents = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOld: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ipadDesktopMode:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  tokenPocketAndroid:
    'Mozilla/5.0 (Linux; Android 12; SM-G9910 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 TokenPocket/2.0',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HarmonyOS',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  macDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('detectDevice', () => {
  it('recognises iOS devices', () => {
    expect(detectDevice(agents.iphone)).toBe('ios');
    expect(detectDevice(agents.ipadOld)).toBe('ios');
  });

  it('takes a touch-screen "Macintosh" for an iPad in desktop mode', () => {
    expect(detectDevice(agents.ipadDesktopMode, 5)).toBe('ios');
    expect(detectDevice(agents.ipadDesktopMode, 0)).toBe('pc');
  });

  it('recognises Android phones and wallet web views', () => {
    expect(detectDevice(agents.android)).toBe('android');
    expect(detectDevice(agents.tokenPocketAndroid)).toBe('android');
    expect(detectDevice(agents.harmony)).toBe('android');
  });

  it('treats desktop browsers as pc', () => {
    expect(detectDevice(agents.windows)).toBe('pc');
    expect(detectDevice(agents.linux)).toBe('pc');
    expect(detectDevice(agents.macDesktop)).toBe('pc');
    expect(detectDevice('')).toBe('pc');
  });
});
