/** Messages of problem imports and the site-wide judge library (issue 28). */
export const TRANSFER_MSG = {
  // the judge library (Admin → Judge library)
  judgeLibraryFileRequired: { en: 'Please choose a header file to upload', zh: '请选择要上传的头文件' },
  judgeLibraryNameInvalid: { en: 'A library file needs a plain name ending in .h, .hpp, .hh or .hxx: {name}', zh: '库文件须为以 .h、.hpp、.hh 或 .hxx 结尾的普通文件名：{name}' },
  judgeLibraryNotText: { en: 'A library file must be UTF-8 text: {name}', zh: '库文件须为 UTF-8 文本：{name}' },
  judgeLibraryFull: { en: 'The judge library holds at most {n} files; delete one first', zh: '评测库最多保存 {n} 个文件，请先删除一个' },
  judgeLibraryNotFound: { en: 'The judge library has no file named {name}', zh: '评测库中没有名为 {name} 的文件' },
  judgeLibraryFileLost: { en: 'The judge library has no intact copy of {name} (missing or damaged in the database): upload that file again in Admin → Judge library', zh: '评测库中 {name} 的副本缺失或已损坏（数据库中）：请在 管理后台 → 评测库 重新上传该文件' },
  // imports: the checker / interactor each package brings is compiled on a judge
  importCheckerNotCompiled: { en: 'The {what} does not compile: {msg}', zh: '{what}编译失败：{msg}' },
  importCheckerNeedsTestlib: { en: 'The {what} includes testlib.h, which the judge library does not have: upload testlib.h in Admin → Judge library, then import again. Compiler: {msg}', zh: '{what}引用了 testlib.h，但评测库中没有：请在 管理后台 → 评测库 上传 testlib.h 后重新导入。编译器输出：{msg}' },
  importCheckerUnchecked: { en: 'The {what} was not compiled (no judge is online): compile it in the problem form before judging', zh: '{what}未编译（没有在线的评测机）：评测前请在题目表单中编译' },
  importWhatChecker: { en: 'checker', zh: '特殊判题程序' },
  importWhatInteractor: { en: 'interactor', zh: '交互程序' },
  // imports: limits at the door and true skip reasons
  importFormatUnknown: {
    en: 'This file is not a package the {format} reader knows. Supported: Verdict / HOJ zip, QDUOJ zip, Hydro zip, FPS xml or zip, Polygon zip, ICPC / Kattis zip',
    zh: '{format} 读取器无法识别该文件。支持的格式：Verdict / HOJ zip、QDUOJ zip、Hydro zip、FPS xml 或 zip、Polygon zip、ICPC / Kattis zip',
  },
  importFormatLooksLike: {
    en: 'This file is not a package the {format} reader knows: it looks like a {detected} package, so choose that format. Supported: Verdict / HOJ zip, QDUOJ zip, Hydro zip, FPS xml or zip, Polygon zip, ICPC / Kattis zip',
    zh: '{format} 读取器无法识别该文件：它看起来是 {detected} 题目包，请选择该格式。支持的格式：Verdict / HOJ zip、QDUOJ zip、Hydro zip、FPS xml 或 zip、Polygon zip、ICPC / Kattis zip',
  },
  importXmlDtd: { en: 'The XML declares a DTD with entities; such files are refused (they can expand without bound)', zh: '该 XML 声明了带实体的 DTD，已拒绝（实体可能无限展开）' },
  importTestCountMismatch: { en: '{inputs} test inputs but {outputs} test outputs', zh: '测试输入 {inputs} 个，但测试输出 {outputs} 个' },
  importRemoteItem: { en: 'remote-judge item ({oj}): it has no test data here', zh: '远程评测题目（{oj}）：本站没有测试数据' },
  importTestsMissing: { en: 'test files named by the package are missing: {names}', zh: '题目包中列出的测试文件不存在：{names}' },
  importImageTooLarge: { en: 'the image {name} is {mb} MiB, over the {limit} MiB limit', zh: '图片 {name} 大小为 {mb} MiB，超过 {limit} MiB 限制' },
  importImageType: { en: 'the file {name} is not a GIF, JPEG, PNG, BMP, WebP or SVG image', zh: '文件 {name} 不是 GIF、JPEG、PNG、BMP、WebP 或 SVG 图片' },
  zipTooManyEntries: { en: 'The zip holds more than {n} files', zh: '压缩包中的文件超过 {n} 个' },
  // imports: what a package held that Verdict does not keep (shown beside the imported problem)
  importDroppedSubtaskLimits: { en: 'per-subtask time / memory limits dropped (subtasks {ids}): the problem uses {time} ms and {memory} MB for all', zh: '已忽略各子任务的时间 / 内存限制（子任务 {ids}）：全部使用 {time} ms 与 {memory} MB' },
  importDroppedSubtaskIf: { en: 'subtask dependencies (if) dropped: subtasks {ids} are scored on their own', zh: '已忽略子任务依赖（if）：子任务 {ids} 单独计分' },
  importDroppedFile: { en: 'additional file {name} not kept (only images and PDFs are)', zh: '未保留附加文件 {name}（仅保留图片与 PDF）' },
  importCheckerTypeAssumed: { en: 'checker type {type} is run as a testlib checker (checker input output answer, testlib exit codes): check its verdicts', zh: '检查器类型 {type} 按 testlib 检查器运行（checker input output answer，testlib 退出码）：请核对其评测结果' },
  importDroppedStatement: { en: 'statement {name} not kept: a problem holds one statement here, {kept} was used', zh: '未保留题面 {name}：本站每题一份题面，已使用 {kept}' },
  importDroppedChecker: { en: 'the {what} in {lang} was dropped: only C and C++ checkers can be imported', zh: '已忽略 {lang} 编写的{what}：只能导入 C 与 C++ 程序' },
} as const;
