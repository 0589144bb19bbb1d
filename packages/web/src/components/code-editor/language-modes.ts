import type { Extension } from '@codemirror/state';
import { StreamLanguage, type StreamParser } from '@codemirror/language';

type ModeLoader = () => Promise<Extension>;
const legacy = (load: () => Promise<StreamParser<unknown>>): ModeLoader => async () => StreamLanguage.define(await load());
const clike = () => import('@codemirror/legacy-modes/mode/clike');

/**
 * Syntax modes by judge language, each in its own chunk: a page with the editor downloads the
 * parser of the language it shows, not all fifteen. First match wins (C# before C, Java before
 * JavaScript, ...). The key is "<contentType> <name>" in lower case.
 */
const MODES: [RegExp, (key: string) => ModeLoader][] = [
  [/c#|csharp|mono/, () => legacy(() => clike().then((m) => m.csharp as StreamParser<unknown>))],
  [/c\+\+|cpp|x-csrc|\bc\b|x-c\b|gcc|clang/, () => () => import('@codemirror/lang-cpp').then((m) => m.cpp())],
  [/kotlin/, () => legacy(() => clike().then((m) => m.kotlin as StreamParser<unknown>))],
  [/scala/, () => legacy(() => clike().then((m) => m.scala as StreamParser<unknown>))],
  [/java(?!script)/, () => () => import('@codemirror/lang-java').then((m) => m.java())],
  [/python|pypy/, () => () => import('@codemirror/lang-python').then((m) => m.python())],
  [/javascript|node|typescript/, (key) => () => import('@codemirror/lang-javascript').then((m) => m.javascript({ typescript: /typescript/.test(key) }))],
  [/\bgo(lang)?\b|x-go/, () => () => import('@codemirror/lang-go').then((m) => m.go())],
  [/rust/, () => () => import('@codemirror/lang-rust').then((m) => m.rust())],
  [/php/, () => () => import('@codemirror/lang-php').then((m) => m.php())],
  [/ruby/, () => legacy(() => import('@codemirror/legacy-modes/mode/ruby').then((m) => m.ruby as StreamParser<unknown>))],
  [/lua/, () => legacy(() => import('@codemirror/legacy-modes/mode/lua').then((m) => m.lua as StreamParser<unknown>))],
  [/haskell|ghc/, () => legacy(() => import('@codemirror/legacy-modes/mode/haskell').then((m) => m.haskell as StreamParser<unknown>))],
  [/pascal|fpc/, () => legacy(() => import('@codemirror/legacy-modes/mode/pascal').then((m) => m.pascal as StreamParser<unknown>))],
  [/fortran/, () => legacy(() => import('@codemirror/legacy-modes/mode/fortran').then((m) => m.fortran as StreamParser<unknown>))],
];

const loaded = new Map<string, Promise<Extension | null>>();

/**
 * Syntax mode of a judge language (null: plain text). Languages are data from the languages call,
 * so the mode is chosen by its contentType (e.g. text/x-c++src) and, failing that, by its name.
 * Loaded once per language and kept.
 */
export function loadLanguageMode(name: string, contentType = ''): Promise<Extension | null> {
  const key = `${contentType} ${name}`.toLowerCase();
  let mode = loaded.get(key);
  if (!mode) {
    const hit = MODES.find(([re]) => re.test(key));
    mode = hit ? hit[1](key)().catch(() => null) : Promise.resolve(null);
    loaded.set(key, mode);
  }
  return mode;
}

/** File extensions accepted by the editor's upload button. */
export const SOURCE_FILE_ACCEPT = '.c,.cc,.cpp,.cxx,.h,.hpp,.java,.py,.js,.ts,.go,.rs,.php,.cs,.rb,.lua,.hs,.pas,.pp,.f90,.f,.kt,.scala,.txt';
