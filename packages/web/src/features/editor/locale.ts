import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    editor: {
      language: '语言', code: '代码', reset: '重置代码', resetConfirm: '确定要将代码重置为模板吗？当前代码将会丢失。', recentPassed: '获取最近通过的代码',
      recentPassedConfirm: '确定用最近一次通过的代码替换当前代码吗？', recentPassedLanguageKept: '该题不支持该代码的语言，已保留当前语言',
      upload: '上传文件', uploadTooLarge: '文件过大', settings: '设置', theme: '主题', fontSize: '字号', tabSize: 'Tab 长度',
      submit: '提交', submitting: '提交中', onlineTest: '在线测试', submitSuccess: '提交代码成功', judging: '正在评测', viewDetail: '查看详情',
      submitDisabled: '当前不能提交', noLanguage: '该题目暂无可用语言', captcha: '验证码', captchaPlaceholder: '请输入验证码',
      ok: '确定', cancel: '取消', result: '评测结果', time: '时间', memory: '内存', score: '分数',
      oiHidden: '提交成功', oiHiddenAgain: '你已经提交过该题目', solved: '你已经解决了该问题', ociCover: '在本场 OI 比赛中，新的提交将覆盖之前的提交，确定提交吗？',
      testCase: '测试用例', testResult: '测试结果', runningTest: '运行测试', input: '输入', expectedOutput: '期望输出（可选）', userOutput: '你的输出',
      runTest: '运行', useSample: '使用样例 {{n}}', passTestCase: '通过测试用例 {{n}}', compilationFailed: '编译失败', success: '运行成功',
      spjNote: '本题为特殊判题，以上结果只表示程序正常运行，答案是否正确尚不确定。', noResult: '还没有运行测试', running: '正在运行…',
      stderr: '错误输出', wrongOutput: '输出与期望不一致', inputTooLong: '测试输入不能超过1000个字符', close: '关闭', notSubmittedYet: '还没有提交',
      submittedNotResult: '已提交，暂无结果',
    },
  },
  'en-US': {
    editor: {
      language: 'Language', code: 'Code', reset: 'Reset code', resetConfirm: 'Reset the code to the template? The current code will be lost.', recentPassed: 'Get recently passed code',
      recentPassedConfirm: 'Replace the current code with your most recent accepted code?', recentPassedLanguageKept: 'The problem does not support that language; the current language is kept',
      upload: 'Upload file', uploadTooLarge: 'The file is too large', settings: 'Settings', theme: 'Theme', fontSize: 'Font size', tabSize: 'Tab size',
      submit: 'Submit', submitting: 'Submitting', onlineTest: 'Online Test', submitSuccess: 'Submit code successfully', judging: 'Judging', viewDetail: 'Details',
      submitDisabled: 'You cannot submit now', noLanguage: 'No language is available for this problem', captcha: 'Captcha', captchaPlaceholder: 'Enter the captcha',
      ok: 'OK', cancel: 'Cancel', result: 'Result', time: 'Time', memory: 'Memory', score: 'Score',
      oiHidden: 'Submitted successfully', oiHiddenAgain: 'You have submitted a solution', solved: 'You have solved the problem', ociCover: 'In this OI contest a new submission covers your previous one. Submit anyway?',
      testCase: 'Test Case', testResult: 'Test Result', runningTest: 'Running Test', input: 'Input', expectedOutput: 'Expected output (optional)', userOutput: 'Your output',
      runTest: 'Run', useSample: 'Use sample {{n}}', passTestCase: 'Pass Test Case {{n}}', compilationFailed: 'Compilation Failed', success: 'Success',
      spjNote: 'This problem uses a special judge: the program ran normally, but whether the answer is right is uncertain.', noResult: 'No test has been run yet', running: 'Running…',
      stderr: 'Stderr', wrongOutput: 'The output differs from the expected output', inputTooLong: 'The test input can not exceed 1000 characters', close: 'Close', notSubmittedYet: 'Not submitted yet',
      submittedNotResult: 'Submitted Not Result',
    },
  },
};
export default bundle;
