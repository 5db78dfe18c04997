import { LogoMark } from './icons';

/** Shown while the first screen's code loads. */
export function Splash() {
  return (
    <div className="splash" aria-busy="true">
      <LogoMark size="3.2rem" className="splash__logo" />
    </div>
  );
}
