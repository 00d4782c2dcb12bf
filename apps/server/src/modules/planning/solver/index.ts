// The route optimiser (issue 35): the problem and solution shapes, and the built-in engine.
export type * from './model.js';
export { builtInSolver, solve } from './built-in-solver.js';
