import { roleCan, type OperatorCapability, type OperatorRole } from '@wallx/shared';

/**
 * The console's sections, in the sidebar's order. `capability` is what opening the section needs:
 * every role reads every list; managing operators is the admin's alone. What a section's buttons
 * need is checked where they are (and always again by the server).
 */
export const sections = [
  { id: 'dashboard', path: '/', capability: 'read' },
  { id: 'users', path: '/users', capability: 'read' },
  { id: 'catalog', path: '/catalog', capability: 'read' },
  { id: 'money', path: '/money', capability: 'read' },
  { id: 'markets', path: '/markets', capability: 'read' },
  { id: 'shipping', path: '/shipping', capability: 'read' },
  { id: 'content', path: '/content', capability: 'read' },
  { id: 'wellbeing', path: '/wellbeing', capability: 'read' },
  { id: 'companion', path: '/companion', capability: 'read' },
  { id: 'staking', path: '/staking', capability: 'read' },
  { id: 'aid_fund', path: '/aid-fund', capability: 'read' },
  { id: 'feedback', path: '/feedback', capability: 'read' },
  { id: 'audit', path: '/audit', capability: 'read' },
  { id: 'operators', path: '/operators', capability: 'operators' },
] as const satisfies ReadonlyArray<{ id: string; path: string; capability: OperatorCapability }>;

export type Section = (typeof sections)[number];
export type SectionId = Section['id'];

/** The sections this role may open; the others are left out of the sidebar (and their routes refuse). */
export function sectionsFor(role: OperatorRole): Section[] {
  return sections.filter((section) => roleCan(role, section.capability));
}

export function sectionById(id: SectionId): Section {
  return sections.find((section) => section.id === id)!;
}
