import { MSG, formatMsg, type MsgKey } from '@verdict/shared';
import { currentLang } from './index';

/** Any message of the shared catalogue (packages/shared MSG) in the current UI language; not for the first bundle (see msg in ./index). */
export function msg(key: MsgKey, vars?: Record<string, string | number>): string {
  return formatMsg(MSG[key], currentLang(), vars);
}
