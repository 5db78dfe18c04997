/** The root of each section's query keys; a feature builds its own keys on its root, in its `api/keys.ts`. */
export const queryRoots = {
  operator: ['operator'],
  audit: ['audit'],
  feedback: ['feedback'],
  money: ['money'],
  dashboard: ['dashboard'],
  markets: ['markets'],
  operators: ['operators'],
  shipping: ['shipping'],
  content: ['content'],
  users: ['users'],
  pickupPoints: ['pickup-points'],
  products: ['products'],
  gifts: ['gifts'],
  wellbeing: ['wellbeing'],
} as const;
