/** A+B templates: read two integers, print their sum. Keyed by registry name family. */
export const TEMPLATES = {
  c: `#include <stdio.h>

int main(void) {
    long long a, b;
    scanf("%lld %lld", &a, &b);
    printf("%lld\\n", a + b);
    return 0;
}
`,
  cpp: `#include <iostream>
using namespace std;

int main() {
    long long a, b;
    cin >> a >> b;
    cout << a + b << endl;
    return 0;
}
`,
  java: `import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        long a = in.nextLong(), b = in.nextLong();
        System.out.println(a + b);
    }
}
`,
  python3: `a, b = map(int, input().split())
print(a + b)
`,
  python2: `a, b = map(int, raw_input().split())
print a + b
`,
  go: `package main

import "fmt"

func main() {
	var a, b int64
	fmt.Scan(&a, &b)
	fmt.Println(a + b)
}
`,
  rust: `use std::io::Read;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<i64> = s.split_whitespace().map(|x| x.parse().unwrap()).collect();
    println!("{}", v[0] + v[1]);
}
`,
  javascript: `const data = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);
console.log(data[0] + data[1]);
`,
  ruby: `a, b = gets.split.map(&:to_i)
puts a + b
`,
  php: `<?php
fscanf(STDIN, "%d %d", $a, $b);
echo $a + $b, "\\n";
`,
  csharp: `using System;

public class Program {
    public static void Main() {
        string[] p = Console.ReadLine().Split(new[] {' '}, StringSplitOptions.RemoveEmptyEntries);
        Console.WriteLine(long.Parse(p[0]) + long.Parse(p[1]));
    }
}
`,
  pascal: `program main;
var a, b: int64;
begin
  readln(a, b);
  writeln(a + b);
end.
`,
  kotlin: `fun main() {
    val (a, b) = readLine()!!.trim().split(Regex("\\\\s+")).map { it.toLong() }
    println(a + b)
}
`,
  haskell: `main :: IO ()
main = do
  [a, b] <- fmap (map read . words) getLine :: IO [Integer]
  print (a + b)
`,
  lua: `local a, b = io.read("n", "n")
print(math.tointeger(a + b) or (a + b))
`,
  fortran: `program main
  implicit none
  integer(kind=8) :: a, b
  read(*, *) a, b
  write(*, '(I0)') a + b
end program main
`,
} as const;
