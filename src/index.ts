// The action entry point.
import { run } from './main';

await run();
