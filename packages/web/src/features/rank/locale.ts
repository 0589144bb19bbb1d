import type { LocaleBundle } from '../../i18n';

const bundle: LocaleBundle = {
  'zh-CN': {
    rank: {
      acmTitle: 'ACM 排行榜', oiTitle: 'OI 排行榜', search: '输入用户名或昵称搜索', top10: '前十名', user: '用户', nickname: '昵称',
      ac: 'AC', total: '提交', rating: '通过率', score: '得分', signature: '个性签名', empty: '暂无排名',
      ratingTab: 'Rating', ratingTitle: 'Rating 排行榜', ratingSearch: '输入用户名搜索', ratingEmpty: '还没有计算过积分的比赛', contestRating: 'Rating', ratedContests: '参加计分比赛', band: '段位',
    },
  },
  'en-US': {
    rank: {
      acmTitle: 'ACM Ranklist', oiTitle: 'OI Ranklist', search: 'Search by username or nickname', top10: 'Top 10', user: 'User', nickname: 'Nickname',
      ac: 'AC', total: 'Total', rating: 'Accuracy', score: 'Score', signature: 'Signature', empty: 'No rank yet',
      ratingTab: 'Rating', ratingTitle: 'Rating Ranklist', ratingSearch: 'Search by username', ratingEmpty: 'No rated contest has been computed yet', contestRating: 'Rating', ratedContests: 'Rated contests', band: 'Rank',
    },
  },
};
export default bundle;
