// The lint tools live in this npm workspace because typescript-eslint needs TypeScript's JS API (its peer
// range ends before 6.1), while the project type-checks with TypeScript 7 at the root, which has none.
// Here typescript-eslint gets its own TypeScript 6.0; the root config imports everything from here.
export { default as js } from '@eslint/js';
export { default as globals } from 'globals';
export { default as tseslint } from 'typescript-eslint';
