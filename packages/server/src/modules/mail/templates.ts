import type { Locale } from '@verdict/shared';

/** Mail bodies in the language of the request that caused them. */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function codeMail(locale: Locale, site: string, purpose: 'register' | 'change_email', code: string, minutes: number) {
  const zh = locale === 'zh-CN';
  const what = purpose === 'register' ? (zh ? '注册账号' : 'registering') : (zh ? '更换邮箱' : 'changing your email');
  const subject = zh ? `【${site}】验证码：${code}` : `[${site}] Your verification code: ${code}`;
  const text = zh
    ? `您好！\n\n您正在${what}，验证码为：${code}\n验证码 ${minutes} 分钟内有效。若非本人操作，请忽略本邮件。\n\n${site}`
    : `Hello,\n\nYour verification code for ${what} is: ${code}\nIt is valid for ${minutes} minutes. If you did not ask for it, ignore this mail.\n\n${site}`;
  const html = `<p>${esc(text.split('\n\n')[0])}</p><p>${zh ? '验证码' : 'Code'}: <b style="font-size:20px;letter-spacing:3px">${esc(code)}</b></p><p>${esc(text.split('\n\n')[1]).replace(/\n/g, '<br>')}</p><p>${esc(site)}</p>`;
  return { subject, text, html };
}

export function resetMail(locale: Locale, site: string, username: string, link: string, minutes: number) {
  const zh = locale === 'zh-CN';
  const subject = zh ? `【${site}】重置密码` : `[${site}] Reset your password`;
  const text = zh
    ? `${username}，您好！\n\n请打开下面的链接重置密码（${minutes} 分钟内有效）：\n${link}\n\n若非本人操作，请忽略本邮件。\n\n${site}`
    : `Hello ${username},\n\nOpen this link to reset your password (valid for ${minutes} minutes):\n${link}\n\nIf you did not ask for it, ignore this mail.\n\n${site}`;
  const html = `<p>${esc(text.split('\n\n')[0])}</p><p><a href="${esc(link)}">${esc(link)}</a></p><p>${esc(text.split('\n\n')[2] ?? '')}</p><p>${esc(site)}</p>`;
  return { subject, text, html };
}

export function testMail(locale: Locale, site: string) {
  const zh = locale === 'zh-CN';
  const subject = zh ? `【${site}】测试邮件` : `[${site}] Test mail`;
  const text = zh ? `这是一封测试邮件，说明 ${site} 的邮件设置可用。` : `This is a test mail: the mail settings of ${site} work.`;
  return { subject, text, html: `<p>${esc(text)}</p>` };
}
