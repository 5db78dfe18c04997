/**
 * The spec sizes the page from the screen: the root font size is the width divided by 10, so the
 * design's rem values (1rem = 37.5px on a 375-px phone) scale with the phone. The width is capped
 * where the layout stops growing (see --app-max-width), else a tablet would get giant type.
 */
const maxLayoutWidth = 540;

export function rootFontSize(viewportWidth: number): number {
  return Math.min(viewportWidth, maxLayoutWidth) / 10;
}

export function installRootFontSize(): void {
  const apply = () => {
    document.documentElement.style.fontSize = `${rootFontSize(document.documentElement.clientWidth || window.innerWidth)}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  window.addEventListener('orientationchange', apply);
}
