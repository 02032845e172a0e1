#!/usr/bin/env python3
# Lists the functions of Sources/ that run 80 lines or more (declaration to closing
# brace), longest first. A rough brace count: strings and line comments are skipped.
# Usage: scripts/long-functions.py [--check N]
import re,sys,os
# crude: find lines with 'func ' or 'init(' declarations, then match braces (ignoring strings roughly)
res=[]
for dp,dn,fn in os.walk('Sources'):
    for f in fn:
        if not f.endswith('.swift'): continue
        p=os.path.join(dp,f); lines=open(p,encoding='utf-8',errors='replace').read().split('\n')
        i=0
        while i<len(lines):
            l=lines[i]
            m=re.match(r'\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|static|mutating|override|final|nonisolated|package|class)\s+)*(func\s+[^\s(<]+|init[?!]?\s*[(<]|var\s+\w+\s*:[^=]*\{\s*$)',l)
            if m:
                # find opening brace
                depth=0; started=False; j=i
                while j<len(lines):
                    s=re.sub(r'"(?:\\.|[^"\\])*"','""',lines[j]); s=re.sub(r'//.*','',s)
                    for ch in s:
                        if ch=='{': depth+=1; started=True
                        elif ch=='}': depth-=1
                    if started and depth<=0: break
                    if not started and j>i+15: break
                    j+=1
                if started:
                    n=j-i+1
                    if n>=80: res.append((n,p,i+1,m.group(1)[:40]))
                    i=j
            i+=1
res.sort(reverse=True)
# --check N: fail when more than N functions run 80 lines or more (make test runs it).
# It also fails on a file of Sources/ over 900 lines.
if len(sys.argv) == 3 and sys.argv[1] == '--check':
    limit = int(sys.argv[2])
    for r in res: print(*r)
    large = []
    for dp, dn, fn in os.walk('Sources'):
        for f in fn:
            if f.endswith('.swift'):
                p = os.path.join(dp, f)
                n = sum(1 for _ in open(p, encoding='utf-8', errors='replace'))
                if n > 900: large.append((n, p))
    for n, p in sorted(large, reverse=True): print('file over 900 lines: %s (%d)' % (p, n))
    if large: sys.exit(1)
    if len(res) > limit:
        print('long functions: %d of 80 lines or more, at most %d: cut one into named steps' % (len(res), limit))
        sys.exit(1)
    print('long functions: %d of 80 lines or more (at most %d)' % (len(res), limit))
    sys.exit(0)
for r in res: print(*r)
print(len(res))
