import { configure } from '@testing-library/react';

// Testing Library's default of one second for findBy/waitFor is too short on a busy 2-core machine
// running the whole suite (seen: the join flow and the settings screen, each passing alone); a real
// failure still fails, five seconds later. The console's tests do the same (apps/admin lib/test-render).
configure({ asyncUtilTimeout: 5000 });
