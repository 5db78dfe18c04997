import { Outlet } from 'react-router';
import { TabBar } from '../components/tab-bar';

/** Top-level screens (home, mines, trade, me) share the bottom tab bar. */
export function TabLayout() {
  return (
    <div className="tab-layout">
      <Outlet />
      <TabBar />
    </div>
  );
}
