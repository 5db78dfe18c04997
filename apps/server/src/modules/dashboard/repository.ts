import { createHealthRepository } from './health-repository.js';
import { createReservesRepository } from './reserves-repository.js';
import { createTodayRepository } from './today-repository.js';

/**
 * The dashboard's figures: read-only aggregates over other modules' tables (a reporting view; it
 * changes nothing). Each reads an index range or a small partial index, apart from the sum of user
 * balances, which reads every user account (two per user) once.
 */
export function createDashboardRepository() {
  return { ...createTodayRepository(), ...createReservesRepository(), ...createHealthRepository() };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
