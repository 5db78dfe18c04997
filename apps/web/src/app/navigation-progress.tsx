import { useNavigation } from 'react-router';

/**
 * The spec's progress bar, shown while a lazy screen (or its guard) loads: it creeps towards the end
 * while loading, then fills and fades. Pure CSS on one always-present element, so the home page pays
 * a few hundred bytes, not a library.
 */
export function NavigationProgress() {
  const isLoading = useNavigation().state !== 'idle';
  return (
    <div
      className={`nav-progress${isLoading ? ' nav-progress--loading' : ''}`}
      role="progressbar"
      aria-hidden={!isLoading}
    />
  );
}
