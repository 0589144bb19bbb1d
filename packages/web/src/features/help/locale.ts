import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    help: {
      title: '帮助', compilers: '编译器与语言', compilersIntro: '下面是本站评测机当前支持的语言、编译命令以及一份 A+B 参考代码。请从标准输入读取数据，向标准输出写出结果。',
      language: '语言', description: '说明', compileCommand: '编译命令', template: 'A+B 参考代码', noCompile: '（解释执行，无需编译）', unavailable: '评测机暂不可用', noLanguages: '当前没有在线的评测机支持任何语言',
      results: '评测结果说明', resultsIntro: '每次提交都会得到以下结果之一：', limitsNote: '除 C/C++ 外的语言享有两倍的时间与内存限制（来自 Codeforces 与 GYM 的题目除外）。',
      explain: {
        '-10': '你还没有提交过这道题。', '-5': '提交已送达，但暂时不能查看结果（例如 OI 赛制比赛中结果被隐藏）。', '-4': '该提交的评测已被管理员取消。',
        '-3': '输出的内容正确，但格式有误，例如多余或缺少空格、换行。', '-2': '代码没有编译通过，点开提交可以看到编译器的输出。', '-1': '程序的输出与标准答案不一致。',
        '0': '恭喜！程序通过了所有测试数据。', '1': '程序的运行时间超过了题目的时间限制。', '2': '程序使用的内存超过了题目的内存限制。',
        '3': '程序运行时崩溃了，例如数组越界、除以零、栈溢出，或者返回值不为 0。', '4': '评测系统出错，不是你的问题，请联系管理员。', '5': '提交正在排队，等待评测机处理。',
        '6': '评测机正在编译你的代码。', '7': '评测机正在运行测试数据。', '8': 'OI 题目中部分测试点通过，获得部分分数。', '9': '正在把代码提交到远程评测平台。', '10': '提交到远程评测平台失败，可以点击状态重新提交。',
      },
      developer: '系统信息', stack: '技术栈', frontend: '前端', backend: '后端', judge: '评测机', database: '数据库', judgeDesc: 'bubblewrap 沙箱 + cgroups 资源限制，seccomp 系统调用过滤',
      remoteJudges: '远程评测', noRemoteJudges: '未开启',
      available: '可用', version: '版本', languagesOnline: '在线语言', projectName: '项目', about: 'Verdict 是一个中英双语的在线评测系统，支持 ACM/OI 比赛、训练、团队与讨论。',
    },
  },
  'en-US': {
    help: {
      title: 'Help', compilers: 'Compilers and languages', compilersIntro: 'These are the languages our judges support now, with their compile commands and an A+B sample. Read from standard input and write to standard output.',
      language: 'Language', description: 'Description', compileCommand: 'Compile command', template: 'A+B sample', noCompile: '(interpreted, no compile step)', unavailable: 'No judge offers it now', noLanguages: 'No judge is online with any language at the moment',
      results: 'Judge results', resultsIntro: 'Every submission ends with one of these results:', limitsNote: 'Languages other than C/C++ get twice the time and memory limits (except problems from Codeforces and GYM).',
      explain: {
        '-10': 'You have not submitted this problem yet.', '-5': 'The submission arrived, but its result cannot be shown now (e.g. hidden during an OI contest).', '-4': 'An administrator cancelled the judging of this submission.',
        '-3': 'The output is right but its format is not, e.g. extra or missing spaces or line breaks.', '-2': 'The code did not compile; open the submission to see the compiler output.', '-1': 'The output of your program differs from the answer.',
        '0': 'Congratulations! Your program passed every test case.', '1': 'Your program ran longer than the time limit.', '2': 'Your program used more memory than the memory limit.',
        '3': 'Your program crashed, e.g. out-of-bounds access, division by zero, stack overflow, or a non-zero exit code.', '4': 'The judge failed; it is not your fault, please tell an administrator.', '5': 'The submission waits in the queue for a judge.',
        '6': 'The judge is compiling your code.', '7': 'The judge is running the test cases.', '8': 'Some test cases of an OI problem passed; you get part of the score.', '9': 'The code is being submitted to the remote judge.', '10': 'Submitting to the remote judge failed; click the status to resubmit.',
      },
      developer: 'System Info', stack: 'Technology', frontend: 'Front end', backend: 'Back end', judge: 'Judge', database: 'Database', judgeDesc: 'bubblewrap sandbox + cgroups limits, seccomp system-call filter',
      remoteJudges: 'Remote judges', noRemoteJudges: 'None switched on',
      available: 'Available', version: 'Version', languagesOnline: 'Languages online', projectName: 'Project', about: 'Verdict is a bilingual online judge with ACM/OI contests, trainings, groups and discussions.',
    },
  },
};
export default bundle;
