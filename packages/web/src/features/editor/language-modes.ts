import type { Extension } from '@codemirror/state';
import { StreamLanguage } from '@codemirror/language';
import { cpp } from '@codemirror/lang-cpp';
import { java } from '@codemirror/lang-java';
import { python } from '@codemirror/lang-python';
import { javascript } from '@codemirror/lang-javascript';
import { go } from '@codemirror/lang-go';
import { rust } from '@codemirror/lang-rust';
import { php } from '@codemirror/lang-php';
import { csharp, kotlin, scala } from '@codemirror/legacy-modes/mode/clike';
import { ruby } from '@codemirror/legacy-modes/mode/ruby';
import { lua } from '@codemirror/legacy-modes/mode/lua';
import { haskell } from '@codemirror/legacy-modes/mode/haskell';
import { pascal } from '@codemirror/legacy-modes/mode/pascal';
import { fortran } from '@codemirror/legacy-modes/mode/fortran';

/**
 * Syntax mode of a judge language. Languages are data from the languages call, so the mode is
 * chosen by its contentType (e.g. text/x-c++src) and, failing that, by its name.
 */
export function languageMode(name: string, contentType = ''): Extension | null {
  const key = `${contentType} ${name}`.toLowerCase();
  if (/c#|csharp|mono/.test(key)) return StreamLanguage.define(csharp);
  if (/c\+\+|cpp|x-csrc|\bc\b|x-c\b|gcc|clang/.test(key)) return cpp();
  if (/kotlin/.test(key)) return StreamLanguage.define(kotlin);
  if (/scala/.test(key)) return StreamLanguage.define(scala);
  if (/java(?!script)/.test(key)) return java();
  if (/python|pypy/.test(key)) return python();
  if (/javascript|node|typescript/.test(key)) return javascript({ typescript: /typescript/.test(key) });
  if (/\bgo(lang)?\b|x-go/.test(key)) return go();
  if (/rust/.test(key)) return rust();
  if (/php/.test(key)) return php();
  if (/ruby/.test(key)) return StreamLanguage.define(ruby);
  if (/lua/.test(key)) return StreamLanguage.define(lua);
  if (/haskell|ghc/.test(key)) return StreamLanguage.define(haskell);
  if (/pascal|fpc/.test(key)) return StreamLanguage.define(pascal);
  if (/fortran/.test(key)) return StreamLanguage.define(fortran);
  return null;
}

/** File extensions accepted by the editor's upload button. */
export const SOURCE_FILE_ACCEPT = '.c,.cc,.cpp,.cxx,.h,.hpp,.java,.py,.js,.ts,.go,.rs,.php,.cs,.rb,.lua,.hs,.pas,.pp,.f90,.f,.kt,.scala,.txt';
