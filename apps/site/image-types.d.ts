// The types of imported images (`import sprite from './icons.svg'`). next-env.d.ts references them
// too, but Next writes that file only when it builds, and the typecheck runs before the build.
/// <reference types="next/image-types/global" />
