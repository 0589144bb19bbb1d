import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    adminJudgeLibrary: {
      menu: '评测库', title: '评测库',
      intro: '这里的头文件（如 testlib.h）会放在每个特殊判题程序、交互程序与校验器编译时的目录中，题目包无需自带。更换文件后，缓存的已编译程序会重新编译。',
      upload: '上传头文件', uploadHint: '.h / .hpp / .hh / .hxx，UTF-8 文本，至多 2 MiB；同名文件会被替换',
      uploaded: '已上传 {{name}}', deleted: '已删除 {{name}}', deleteConfirm: '删除 {{name}}？引用它的检查器将无法编译。',
      name: '文件名', size: '大小', sha: 'SHA-256', uploader: '上传者', modified: '更新时间', actions: '操作', delete: '删除',
      version: '库版本', empty: '评测库为空：导入的 testlib 检查器需要先上传 testlib.h', readOnly: '只有超级管理员和管理员可以修改评测库',
    },
  },
  'en-US': {
    adminJudgeLibrary: {
      menu: 'Judge library', title: 'Judge library',
      intro: 'Headers here (testlib.h and the like) are placed beside every checker, interactor and validator compile, so problem packages need not carry them. Replacing a file recompiles the cached checkers.',
      upload: 'Upload header', uploadHint: '.h / .hpp / .hh / .hxx, UTF-8 text, at most 2 MiB; a file of the same name is replaced',
      uploaded: 'Uploaded {{name}}', deleted: 'Deleted {{name}}', deleteConfirm: 'Delete {{name}}? Checkers that include it will no longer compile.',
      name: 'File', size: 'Size', sha: 'SHA-256', uploader: 'Uploaded by', modified: 'Updated', actions: 'Actions', delete: 'Delete',
      version: 'Library version', empty: 'The library is empty: imported testlib checkers need testlib.h uploaded here first', readOnly: 'Only the super admin and admins can change the judge library',
    },
  },
};
export default bundle;
