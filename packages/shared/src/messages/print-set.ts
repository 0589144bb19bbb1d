import type { Msg } from './types.js';

/** Messages of printable problem sets (issue 32): the contest's problems as one PDF. */
export const PRINT_SET_MSG = {
  printSetNoProblems: { en: 'This contest has no problems yet: add problems before downloading them as a PDF', zh: '该比赛还没有题目：请先添加题目再下载PDF' },
  printSetNoWebClient: { en: 'The PDF is made from the built web client, which this server does not have (run "npm run build")', zh: '生成PDF需要已构建的网页客户端，本服务器没有（请先运行 "npm run build"）' },
  printSetNoBrowser: { en: 'The PDF needs the headless Chromium the site depends on, which is not installed on this server', zh: '生成PDF需要网站依赖的无头 Chromium，本服务器未安装' },
  printSetTimeout: { en: 'Making the PDF took too long: try again later', zh: '生成PDF超时，请稍后再试' },
  printSetFailed: { en: 'The PDF could not be made: {reason}', zh: 'PDF 生成失败：{reason}' },
  printSetTokenInvalid: { en: 'The print link is invalid or has expired', zh: '打印链接无效或已过期' },
} as const satisfies Record<string, Msg>;
