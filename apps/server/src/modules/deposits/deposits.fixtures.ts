// The deposit tests' chain moves live with the test helpers: the treasury's tests make the same deposits.
export { chainMoves, testClient, type Anvil } from '../../test/chain-moves.js';
