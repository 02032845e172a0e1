#ifndef MODLINT_CGRAPHVIZ_SHIM_H
#define MODLINT_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
