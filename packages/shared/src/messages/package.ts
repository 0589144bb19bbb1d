import type { Msg } from './types.js';

/** Messages of problem packages (Polygon, ICPC/Kattis) and their solutions (issue 28). */
export const PACKAGE_MSG = {
  packageTestMissing: {
    en: 'Test {test} is not in the package (generated tests are only in the full package: download it from Polygon as "full")',
    zh: '题目包中没有测试点 {test}（生成的测试点只在完整包中：请在 Polygon 下载 "full" 包）',
  },
  packageAnswerMissing: {
    en: 'Test {test} has no answer file: its answer is made by the main solution, which only the full package holds',
    zh: '测试点 {test} 没有答案文件：答案由标准程序生成，只有完整包中才有',
  },
  packageUnpaired: { en: '{inputs} inputs but {answers} answers in {folder}', zh: '{folder} 中有 {inputs} 个输入文件，但有 {answers} 个答案文件' },
  packageNoTests: { en: 'The package holds no tests', zh: '题目包中没有测试点' },
  packageSourceMissing: { en: 'The {what} source {name} named in the package is not in it', zh: '题目包中声明的{what}源文件 {name} 不存在' },
  packageLanguageUnknown: { en: 'The {what} is written in a language this judge does not have ({type})', zh: '{what}所用的语言（{type}）本评测机不支持' },
  packageDroppedDependencies: { en: 'Group dependencies ({groups}) have no counterpart here and were dropped', zh: '测试点组依赖（{groups}）在本系统中没有对应设置，已舍弃' },
  packageDroppedChecker: { en: 'The checker beside the interactor was dropped: here the interactor gives the verdict', zh: '交互器之外的检查器已舍弃：本系统由交互器给出结果' },
  packageDroppedSolution: { en: 'Solution {name} was not kept: {type} is not a language this judge has', zh: '参考程序 {name} 未保留：本评测机不支持 {type}' },
  packageDroppedScoring: { en: 'The package\'s scoring (testdata.yaml) was not kept: the problem is judged pass/fail', zh: '题目包的计分设置（testdata.yaml）未保留：本题按通过/不通过评测' },
  packageFloatTokens: { en: 'The float tolerance is kept as a float compare: answers that hold words besides numbers will fail to check', zh: '浮点误差按浮点比较保留：答案中除数字外还有单词时将无法检查' },
  packageMixedFileIo: {
    en: 'The problem reads {input} and writes {output}: this judge runs a problem with file input and output both, or standard input and output both',
    zh: '该题从 {input} 读入并输出到 {output}：本评测机要求输入输出同为文件或同为标准输入输出',
  },
  solutionNone: { en: 'This problem has no package solutions', zh: '该题目没有题目包中的参考程序' },
  solutionNoTestData: { en: 'The problem has no test data to judge its solutions on', zh: '该题目没有可用于评测参考程序的测试数据' },
} as const satisfies Record<string, Msg>;
