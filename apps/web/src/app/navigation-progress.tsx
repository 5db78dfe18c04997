import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

/** The spec's progress bar: shown while a lazy screen (or its guard) loads. */
export function NavigationProgress() {
  const isLoading = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!isLoading) return;
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, [isLoading]);
  return null;
}
