import type { Page } from 'playwright-core';

/** A+B in C++: right and wrong (prints a - b). */
export const AC_CPP = '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a + b << "\\n";\n  return 0;\n}\n';
export const WA_CPP = '#include <iostream>\nint main() {\n  long long a, b;\n  std::cin >> a >> b;\n  std::cout << a - b << "\\n";\n  return 0;\n}\n';

/** Puts code into the CodeMirror editor as one insertion (no auto-indent or bracket closing). */
export async function setCode(page: Page, code: string) {
  await page.getByTestId('code-editor').locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

/** Picks a language in the editor's language select (a native <select>: its options are the language names). */
export async function chooseLanguage(page: Page, name: string) {
  await page.getByTestId('editor-language').selectOption({ label: name });
}
