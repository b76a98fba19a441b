import { inputFormatNames as namesOfReaders } from '../load/read-document.js';
import type { InputFormat } from '../load/input-readers.js';

export type { InputFormat };

/** Every input format's name (`--from`), in the order the loader tries them: the registry's. */
export function inputFormatNames(): InputFormat[] {
  return namesOfReaders();
}
