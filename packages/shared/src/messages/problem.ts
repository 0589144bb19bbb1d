import type { Msg } from './types.js';

/** Messages of problem administration, test data and imports (spec 03 §5) beyond the first batch in messages.ts. */
export const PROBLEM_MSG = {
  caseModeNotForType: { en: 'The judge case mode {mode} is not available for {type} problems', zh: '{type} 题目不支持评测模式 {mode}' },
  zipNotUtf8: { en: 'The file {name} is not UTF-8 text; please save the test data as UTF-8', zh: '文件 {name} 不是 UTF-8 文本，请将评测数据保存为 UTF-8 编码' },
  zipFileRequired: { en: 'Please choose a file to upload', zh: '请选择要上传的文件' },
  compileSuccess: { en: 'Compiled Successfully', zh: '编译成功' },
  compileFailed: { en: 'Compile Error', zh: '编译错误' },
  problemNoTestCases: { en: 'The problem has no test cases to download', zh: '该题目没有可下载的评测数据' },
  importFormatInvalid: { en: 'This file is not a valid {format} export', zh: '该文件不是有效的 {format} 导出文件' },
  importXmlInvalid: { en: 'The XML file could not be read: {reason}', zh: 'XML 文件无法解析：{reason}' },
  exportSelectProblems: { en: 'Please select the problems to export', zh: '请选择要导出的题目' },
  imageRequired: { en: 'Please upload an image', zh: '请上传图片' },
  tagClassificationNotFound: { en: 'The tag classification does not exist', zh: '标签分类不存在' },
  extraFileNameRequired: { en: 'The extra file name is required!', zh: '额外文件的文件名为必填项！' },
  extraFileContentRequired: { en: 'The content of the extra file {name} is required!', zh: '额外文件 {name} 的内容为必填项！' },
  extraFileNameInvalid: { en: 'The extra file name {name} must be a plain file name: no path, no "..", no control characters', zh: '额外文件名 {name} 必须是单纯的文件名：不能含路径、“..”或控制字符' },
  problemFileNameInvalid: { en: 'Problem {problem}: the file name "{name}" is not a plain file name (no path, no "..", no control characters)', zh: '题目 {problem}：文件名“{name}”不是单纯的文件名（不能含路径、“..”或控制字符）' },
  uploadMalformed: { en: 'The upload is not a well-formed multipart/form-data request', zh: '上传内容不是格式正确的 multipart/form-data 请求' },
  uploadTooLarge: { en: 'The file is larger than {mb} MiB', zh: '文件大小超过 {mb} MiB' },
  uploadBudgetUser: { en: 'Your uploads today would pass the daily limit of {mb} MiB per user ({left} MiB left)', zh: '今日上传将超过每位用户每天 {mb} MiB 的上限（剩余 {left} MiB）' },
  uploadBudgetGroup: { en: 'This group\'s uploads would pass the limit of {mb} MiB per group ({left} MiB left)', zh: '本团队的上传将超过每个团队 {mb} MiB 的上限（剩余 {left} MiB）' },
  zipExpandsTooMuch: { en: 'The zip expands to more than {ratio} times its size ({mb} MiB); test data that compresses this well is refused as a zip bomb', zh: '压缩包解压后超过自身大小的 {ratio} 倍（{mb} MiB），压缩比如此之高的数据被视为压缩炸弹而拒绝' },
  stagingQuotaExceeded: { en: 'Your uploaded test data that is not saved yet would exceed {mb} MiB; save the problems you are editing or wait for old uploads to expire', zh: '您已上传但尚未保存的评测数据将超过 {mb} MiB，请先保存正在编辑的题目或等待旧的上传过期' },
  problemInContest: { en: 'The problem is used in contest {cid}; remove it from the contest first', zh: '该题目正在比赛 {cid} 中使用，请先从比赛中移除' },
  tagClassificationExists: { en: 'The tag classification {name} already exists', zh: '标签分类 {name} 已存在' },
} as const satisfies Record<string, Msg>;
