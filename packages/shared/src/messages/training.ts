import type { Msg } from './types.js';

/** Messages of trainings, training categories and the global ranks (spec 02, spec 03 §5). */
export const TRAINING_MSG = {
  trainingNotFound: { en: 'The training does not exist', zh: '该训练不存在' },
  trainingPasswordRequired: { en: 'Enter the training password', zh: '请输入训练密码' },
  trainingPasswordWrong: { en: 'The training password is wrong', zh: '训练密码错误' },
  trainingPasswordLocked: { en: 'Too many wrong passwords, please try again in {s} seconds', zh: '密码错误次数过多，请在{s}秒后重试' },
  trainingNeedRegister: { en: 'This training is private: enter its password first', zh: '该训练为私有训练，请先输入训练密码' },
  trainingRankRequired: { en: 'The rank is required (an integer from 0 to 2147483647)', zh: '排序值为必填项（0~2147483647 的整数）' },
  trainingTitleRequired: { en: 'Training title is required', zh: '训练标题不能为空' },
  trainingDescriptionRequired: { en: 'Training description is required', zh: '训练描述不能为空' },
  trainingCategoryRequired: { en: 'Training category is required', zh: '训练分类不能为空' },
  trainingCategoryNotFound: { en: 'The training category does not exist', zh: '该训练分类不存在' },
  trainingPwdRequired: { en: 'The password is required when the training is not public', zh: '非公开训练的密码不能为空' },
  trainingAuthInvalid: { en: 'The training auth must be Public or Private', zh: '训练权限必须为公开训练(Public)或私有训练(Private)' },
  trainingNoCategory: { en: 'There is no training category yet: please create one first', zh: '暂无训练分类，请先创建训练分类' },
  trainingCategoryNameRequired: { en: 'The category name is required', zh: '分类名称不能为空' },
  trainingCategoryExists: { en: 'The category {name} already exists', zh: '分类 {name} 已存在' },
  trainingCategoryInUse: { en: 'The category is used by {n} trainings: move them to another category first', zh: '该分类下还有{n}个训练，请先将它们移到其他分类' },
  trainingProblemExists: { en: 'The problem is already in this training (or its display ID is taken)', zh: '该题目已在本训练中（或训练展示ID已存在）' },
  trainingProblemNotPublic: { en: 'Only public problems can be added to a training', zh: '只能向训练添加公开题目' },
  trainingProblemNotInTraining: { en: 'The problem is not in this training', zh: '该题目不在本训练中' },
  problemInTraining: { en: 'The problem is used by training {tid}: remove it from the training first', zh: '该题目在训练 {tid} 中使用，请先将其从训练中移除' },
  rankTypeInvalid: { en: 'The rank type must be 0 (ACM) or 1 (OI)', zh: '排行榜类型代码不正确，请使用0(ACM)、1(OI)' },
  searchTooLong: { en: 'The search text is too long (at most 200 characters)', zh: '搜索内容过长（最多200个字符）' },
} as const satisfies Record<string, Msg>;
