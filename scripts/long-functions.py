#!/usr/bin/env python3
# Lists the functions of Sources/ that run 80 lines or more (declaration to closing
# brace), longest first. A rough brace count: strings and line comments are skipped.
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
for r in res: print(*r)
print(len(res))
